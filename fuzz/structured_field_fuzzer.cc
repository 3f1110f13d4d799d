// Fuzz target for the RFC 9651 parser and serialiser: the input is one field value, parsed
// as a Dictionary, a List and an Item. It checks consistency, not only survival: a failure
// says why at an offset inside the input; whatever parses serialises, its serialisation
// parses back to the same value and serialises to the same text again; an Item is also a
// one-member List.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

#include "consistency.h"
#include "core/structured_field.h"

namespace {

namespace sf = robotstxt::structured_field;

template <typename Value>
void check_round_trip(std::string_view field, const sf::ParseResult<Value>& parsed,
                      sf::ParseResult<Value> (*parse)(std::string_view)) {
  if (!parsed) {
    require(parsed.error.reason != sf::Error::kNone, "a failure says why");
    require(parsed.error.offset <= field.size(), "a failure points inside the input");
    return;
  }
  require(parsed.error.reason == sf::Error::kNone, "a success has no error");
  const sf::SerializeResult serialized = sf::serialize(*parsed);
  require(serialized.text.has_value(), "a parsed value serialises");
  const sf::ParseResult<Value> reparsed = parse(*serialized);
  require(reparsed.value.has_value(), "the serialisation parses");
  require(*reparsed == *parsed, "the serialisation parses back to the same value");
  const sf::SerializeResult again = sf::serialize(*reparsed);
  require(again.text.has_value() && *again == *serialized, "the serialisation is canonical");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // A copy of exactly `size` bytes on the heap, so that a sanitizer build catches any read
  // past the end even when the replay main hands over a std::string (which has a spare NUL).
  const auto bytes = std::make_unique<char[]>(size);
  for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<char>(data[i]);
  const std::string_view field(bytes.get(), size);

  const auto dictionary = sf::parse_dictionary(field);
  check_round_trip(field, dictionary, &sf::parse_dictionary);
  const auto list = sf::parse_list(field);
  check_round_trip(field, list, &sf::parse_list);
  const auto item = sf::parse_item(field);
  check_round_trip(field, item, &sf::parse_item);
  if (item) {
    require(list && list->size() == 1 && std::get_if<sf::Item>(&list->front()) != nullptr &&
                std::get<sf::Item>(list->front()) == *item,
            "an Item is also a List of that one Item");
  }
  return 0;
}
