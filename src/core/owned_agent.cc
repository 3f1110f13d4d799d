#include "robotstxt/owned_agent.h"

#include <string>
#include <utility>
#include <vector>

namespace robotstxt {

OwnedAgent::OwnedAgent(std::vector<std::string> tokens) : count_(tokens.size()) {
  if (count_ == 1) {
    single_ = std::move(tokens.front());
    return;
  }
  several_ = std::move(tokens);
  view_several();
}

OwnedAgent::OwnedAgent(const Agent& agent) : crawler_(agent.crawler()) {
  if (crawler_ != nullptr) return;
  *this = OwnedAgent(std::vector<std::string>(agent.tokens().begin(), agent.tokens().end()));
}

OwnedAgent::OwnedAgent(const OwnedAgent& other)
    : single_(other.single_),
      several_(other.several_),
      crawler_(other.crawler_),
      count_(other.count_) {
  view_several();
}

OwnedAgent& OwnedAgent::operator=(const OwnedAgent& other) {
  if (this != &other) *this = OwnedAgent(other);
  return *this;
}

// A moved vector keeps its heap buffer, so the views stay valid; a moved short string does
// not keep its address, which is why one token is never viewed ahead of time.
OwnedAgent::OwnedAgent(OwnedAgent&& other) noexcept
    : single_(std::move(other.single_)),
      several_(std::move(other.several_)),
      views_(std::move(other.views_)),
      crawler_(std::exchange(other.crawler_, nullptr)),
      count_(std::exchange(other.count_, 0)) {}

OwnedAgent& OwnedAgent::operator=(OwnedAgent&& other) noexcept {
  if (this == &other) return *this;
  single_ = std::move(other.single_);
  several_ = std::move(other.several_);
  views_ = std::move(other.views_);
  crawler_ = std::exchange(other.crawler_, nullptr);
  count_ = std::exchange(other.count_, 0);
  return *this;
}

void OwnedAgent::view_several() { views_.assign(several_.begin(), several_.end()); }

}  // namespace robotstxt
