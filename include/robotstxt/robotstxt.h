/**
 * @file robotstxt.h
 * @brief Everything a crawler needs to ask "may this agent fetch this URL?".
 *
 * Include this one header, or the concept headers it lists, one per pipeline stage.
 */
#ifndef ROBOTSTXT_ROBOTSTXT_H_
#define ROBOTSTXT_ROBOTSTXT_H_

#include "robotstxt/agent.h"
#include "robotstxt/body_limit.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/matcher.h"
#include "robotstxt/owned_agent.h"
#include "robotstxt/robots_txt.h"
#include "robotstxt/url_path.h"
#include "robotstxt/usage_preferences.h"
#include "robotstxt/verdict.h"
#include "robotstxt/version.h"

#endif  // ROBOTSTXT_ROBOTSTXT_H_
