// JSON's words for the library's enumerations (see json_vocabulary.h).
#include "answer/json_vocabulary.h"

namespace robotstxt::cli {

std::string_view json_word(Access access) noexcept {
  switch (access) {
    case Access::kFullAllow:
      return "full-allow";
    case Access::kFullDisallow:
      return "full-disallow";
    case Access::kRules:
      return "rules";
    case Access::kUndecided:
      return "undecided";
  }
  return "undecided";
}

std::string_view json_word(AccessReason reason) noexcept {
  switch (reason) {
    case AccessReason::kNotFetched:
      return "not-fetched";
    case AccessReason::kParsed:
      return "parsed";
    case AccessReason::kNoRobotsTxt:
      return "no-robots-txt";
    case AccessReason::kRedirectsFailed:
      return "redirects-failed";
    case AccessReason::kRecentServerError:
      return "recent-server-error";
    case AccessReason::kLastGoodCopy:
      return "last-good-copy";
    case AccessReason::kNoGoodCopy:
      return "no-good-copy";
    case AccessReason::kLongErrorSiteUp:
      return "long-error-site-up";
    case AccessReason::kLongErrorSiteDown:
      return "long-error-site-down";
    case AccessReason::kLocalFailure:
      return "local-failure";
  }
  return "not-fetched";
}

std::string_view json_word(FetchKind kind) noexcept {
  switch (kind) {
    case FetchKind::kResponse:
      return "response";
    case FetchKind::kTooManyRedirects:
      return "too-many-redirects";
    case FetchKind::kRedirectLoop:
      return "redirect-loop";
    case FetchKind::kUnfollowableRedirect:
      return "unfollowable-redirect";
    case FetchKind::kNetworkError:
      return "network-error";
    case FetchKind::kLocalError:
      return "local-error";
    case FetchKind::kRefused:
      return "refused-address";
  }
  return "network-error";
}

}  // namespace robotstxt::cli
