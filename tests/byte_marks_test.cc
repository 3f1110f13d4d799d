// Every way of marking a body's bytes (src/base/byte_marks.h) against the byte loop. The
// tokenizer tests run through whichever path this processor takes; these hold the others
// to the same marks, so that a machine taking another path reads the same lines. The
// colon search, which looks at a line's first bytes instead of marks, is checked here too.
#include "base/byte_marks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace robotstxt::internal {
namespace {

constexpr MarkingPath kFastPaths[] = {MarkingPath::kSse2, MarkingPath::kAvx2};

std::string path_name(MarkingPath path) {
  return path == MarkingPath::kSse2 ? "sse2" : path == MarkingPath::kAvx2 ? "avx2" : "byte loop";
}

// Marks `body` from a buffer of exactly its size, so that a sanitised build catches a
// read past its end.
std::vector<BlockMarks> marks_of(MarkingPath path, const std::string& body) {
  const auto exact = std::make_unique<char[]>(body.size());
  body.copy(exact.get(), body.size());
  std::vector<BlockMarks> marks;
  mark_bytes_by(path, exact.get(), body.size(), marks);
  return marks;
}

void expect_same_marks(const std::string& body) {
  const std::vector<BlockMarks> expected = marks_of(MarkingPath::kByteLoop, body);
  ASSERT_EQ(expected.size(), (body.size() + kBlockBytes - 1) / kBlockBytes);
  for (const MarkingPath path : kFastPaths) {
    if (!can_mark_by(path)) continue;
    const std::vector<BlockMarks> marks = marks_of(path, body);
    ASSERT_EQ(marks.size(), expected.size()) << path_name(path);
    for (std::size_t block = 0; block < marks.size(); ++block) {
      const std::string where = path_name(path) + ", size " + std::to_string(body.size()) +
                                ", block " + std::to_string(block);
      EXPECT_EQ(marks[block].line_end, expected[block].line_end) << where;
      EXPECT_EQ(marks[block].hash, expected[block].hash) << where;
      EXPECT_EQ(marks[block].pattern_special, expected[block].pattern_special) << where;
    }
  }
}

// The byte loop itself, from the classes it reads: each marked byte at every position
// of a block, and nothing marked past the end.
TEST(ByteMarks, ByteLoopMarksEachClassWhereItsByteIs) {
  const std::pair<char, std::uint64_t BlockMarks::*> cases[] = {
      {'\n', &BlockMarks::line_end},
      {'\r', &BlockMarks::line_end},
      {'#', &BlockMarks::hash},
      {'*', &BlockMarks::pattern_special},
      {'%', &BlockMarks::pattern_special},
      {'\x80', &BlockMarks::pattern_special},
      {'\xFF', &BlockMarks::pattern_special},
  };
  for (const auto& [byte, mask] : cases) {
    for (std::size_t at = 0; at < 2 * kBlockBytes; ++at) {
      std::string body(2 * kBlockBytes, 'a');
      body[at] = byte;
      const std::vector<BlockMarks> marks = marks_of(MarkingPath::kByteLoop, body);
      EXPECT_EQ(marks[at / kBlockBytes].*mask, std::uint64_t{1} << (at % kBlockBytes));
      EXPECT_EQ(marks[1 - at / kBlockBytes].*mask, 0u);
    }
  }
  EXPECT_TRUE(marks_of(MarkingPath::kByteLoop, "").empty());
}

// Every byte value at every position of a whole block and of a partial last one.
TEST(ByteMarks, FastPathsMarkEveryByteValueLikeTheByteLoop) {
  for (int code = 0; code < 256; ++code) {
    for (const std::size_t size : {kBlockBytes, kBlockBytes + 37}) {
      for (std::size_t at = 0; at < size; at += 7) {
        std::string body(size, 'x');
        body[at] = static_cast<char>(code);
        expect_same_marks(body);
      }
    }
  }
}

// Bodies of every length up to four blocks, and longer ones, drawn mostly from the bytes
// that are marked, so that masks are dense and every partial-block length occurs.
TEST(ByteMarks, FastPathsMarkRandomBodiesLikeTheByteLoop) {
  std::mt19937 random(20261123);
  const std::string likely("\n\r#:*%\x80\xFF\x7F\x01 a/\x00", 14);
  std::uniform_int_distribution<int> any_byte(0, 255);
  std::uniform_int_distribution<std::size_t> pick(0, likely.size() - 1);
  std::uniform_int_distribution<int> coin(0, 3);
  for (std::size_t size = 0; size <= 4 * kBlockBytes + 1; ++size) {
    for (int round = 0; round < 8; ++round) {
      std::string body(size, '\0');
      for (char& byte : body) {
        byte = coin(random) == 0 ? static_cast<char>(any_byte(random)) : likely[pick(random)];
      }
      expect_same_marks(body);
    }
  }
  std::string long_body(100'000, '\0');
  for (char& byte : long_body) byte = likely[pick(random)];
  expect_same_marks(long_body);
}

// first_colon() looks at the sixteen bytes from where it starts, which may lie past the
// end it was given, before it searches on: from every position of bodies whose colons
// lie near and far apart, up to ends near and far, and in a buffer of exactly the body's
// size, it must find the first colon before the end, and no colon past it.
TEST(ByteMarks, FirstColonFindsTheFirstColonBeforeTheEnd) {
  std::mt19937 random(7);
  for (const int colon_one_in : {2, 8, 40, 1000}) {
    for (std::size_t size = 0; size <= 3 * kBlockBytes + 5; ++size) {
      std::string body(size, 'a');
      for (char& byte : body) {
        if (random() % colon_one_in == 0) byte = ':';
      }
      const auto exact = std::make_unique<char[]>(body.size());
      body.copy(exact.get(), body.size());
      for (std::size_t from = 0; from <= size; ++from) {
        for (const std::size_t length : {0u, 1u, 7u, 15u, 16u, 17u, 40u, 1000u}) {
          const std::size_t end = std::min(from + length, size);
          const std::size_t expected = std::min(body.find(':', from), end);
          EXPECT_EQ(first_colon(exact.get(), from, end, size), expected)
              << "size " << size << ", from " << from << ", end " << end;
        }
      }
    }
  }
}

}  // namespace
}  // namespace robotstxt::internal
