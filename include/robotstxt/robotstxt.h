/**
 * @file robotstxt.h
 * @brief Everything a crawler needs to ask "may this agent fetch this URL?".
 *
 * Include this one header, or the concept headers it lists, one per pipeline stage.
 */
#ifndef ROBOTSTXT_ROBOTSTXT_H_
#define ROBOTSTXT_ROBOTSTXT_H_

#include "robotstxt/matcher.h"
#include "robotstxt/parser.h"
#include "robotstxt/robots_txt.h"

#endif  // ROBOTSTXT_ROBOTSTXT_H_
