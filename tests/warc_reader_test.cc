// Reading WARC files record by record (tools/census/warc_reader.h): WARC/1.0 and 1.1,
// plain or one gzip member per record, records across gzip members and read buffers, and
// everything that is not a whole record (cut members, Content-Length mismatches,
// WARC-Truncated, garbage, oversized header blocks) counted, never handed out.
#include "census/warc_reader.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdio>
#include <string>
#include <vector>

#include "support/zlib_compress.h"

namespace robotstxt::census {
namespace {

std::string warc_record(std::string_view type, std::string_view uri, std::string_view block,
                        std::string_view version = "1.1", std::string_view extra = "") {
  std::string record = "WARC/" + std::string(version) + "\r\nWARC-Type: " + std::string(type) +
                       "\r\nWARC-Target-URI: " + std::string(uri) + "\r\n" + std::string(extra) +
                       "Content-Length: " + std::to_string(block.size()) + "\r\n\r\n";
  return record + std::string(block) + "\r\n\r\n";
}

std::string gzip_member(std::string_view data) {
  return testing::zlib_compress(data, /*gzip=*/true, 6);
}

struct ReadResult {
  std::vector<WarcRecord> records;
  WarcCounts counts;
};

ReadResult read_all(const std::string& file_bytes) {
  std::FILE* file = std::tmpfile();
  EXPECT_NE(file, nullptr);
  EXPECT_EQ(std::fwrite(file_bytes.data(), 1, file_bytes.size(), file), file_bytes.size());
  std::fflush(file);
  std::rewind(file);
  ReadResult result;
  {
    WarcReader reader(fileno(file));
    WarcRecord record;
    while (reader.next(record)) result.records.push_back(record);
    result.counts = reader.counts();
    EXPECT_EQ(reader.read_error(), 0);
  }
  std::fclose(file);
  return result;
}

// The whole records' URIs.
std::vector<std::string> uris(const ReadResult& result) {
  std::vector<std::string> found;
  for (const WarcRecord& record : result.records) {
    if (record.truncated.empty()) found.push_back(record.target_uri);
  }
  return found;
}

// The records handed out marked truncated: "URI reason".
std::vector<std::string> truncated(const ReadResult& result) {
  std::vector<std::string> found;
  for (const WarcRecord& record : result.records) {
    if (!record.truncated.empty()) {
      found.push_back(record.target_uri + " " + std::string(record.truncated));
    }
  }
  return found;
}

const std::string kResponse = "HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\nUser-agent: *";

TEST(WarcReaderTest, ReadsPlainRecordsOfBothVersions) {
  const ReadResult result =
      read_all(warc_record("warcinfo", "", "software: test\r\n", "1.0") +
               warc_record("response", "<https://a.example/robots.txt>", kResponse, "1.0") +
               warc_record("response", "https://b.example/robots.txt", kResponse, "1.1"));
  ASSERT_EQ(result.records.size(), 3u);
  EXPECT_EQ(result.records[0].type, "warcinfo");
  // WARC/1.0 wrote the URI in angle brackets; 1.1 without.
  EXPECT_EQ(uris(result), (std::vector<std::string>{"", "https://a.example/robots.txt",
                                                    "https://b.example/robots.txt"}));
  EXPECT_EQ(result.records[1].block, kResponse);
  EXPECT_EQ(result.records[1].block_bytes, kResponse.size());
  EXPECT_EQ(result.counts.records, 3u);
  EXPECT_EQ(result.counts.truncated + result.counts.errors + result.counts.garbage_bytes, 0u);
}

TEST(WarcReaderTest, ReadsOneGzipMemberPerRecord) {
  std::string file;
  for (const char* host : {"a", "b", "c"}) {
    file += gzip_member(
        warc_record("response", std::string("https://") + host + "/robots.txt", kResponse));
  }
  const ReadResult result = read_all(file);
  EXPECT_EQ(uris(result), (std::vector<std::string>{"https://a/robots.txt", "https://b/robots.txt",
                                                    "https://c/robots.txt"}));
  EXPECT_EQ(result.counts.truncated, 0u);
}

TEST(WarcReaderTest, ReadsRecordsSplitAcrossGzipMembersAndReadBuffers) {
  // Records of sizes around the 64 KiB read size, split at odd places into members: the
  // stream of members is one byte stream.
  std::string plain;
  std::vector<std::string> expected;
  for (const std::size_t size : {1u, 65'535u, 65'536u, 65'537u, 200'000u, 7u}) {
    const std::string uri = "https://h" + std::to_string(size) + "/robots.txt";
    plain += warc_record("response", uri, std::string(size, 'x'));
    expected.push_back(uri);
  }
  std::string file;
  for (std::size_t at = 0; at < plain.size(); at += 9'999) {
    file += gzip_member(std::string_view(plain).substr(at, 9'999));
  }
  const ReadResult result = read_all(file);
  EXPECT_EQ(uris(result), expected);
  EXPECT_EQ(result.records[4].block, std::string(200'000, 'x'));
  // The same bytes without gzip.
  EXPECT_EQ(uris(read_all(plain)), expected);
}

TEST(WarcReaderTest, MembersPastTheOneCallBoundsAreStreamedAlike) {
  // A member that inflates past kMaxWholeMemberBytes (a record whose block says so), and
  // one whose compressed bytes do not fit in kWholeMemberWindow (bytes that do not
  // compress), each between small members: zlib streams them, in bounded memory, and the
  // records are those of the same bytes without gzip.
  std::string noise(kWholeMemberWindow + 4'096, '\0');
  std::uint32_t state = 12345;
  for (char& c : noise) {
    state = state * 1'103'515'245u + 12'345u;
    c = static_cast<char>(state >> 24);
  }
  const std::string huge(kMaxWholeMemberBytes + 1, 'y');
  const std::vector<std::string> records = {
      warc_record("response", "https://a/robots.txt", kResponse),
      warc_record("response", "https://huge/robots.txt", huge),
      warc_record("response", "https://b/robots.txt", kResponse),
      warc_record("response", "https://noise/robots.txt", noise),
      warc_record("response", "https://c/robots.txt", kResponse)};
  std::string file;
  std::string plain;
  for (const std::string& record : records) {
    file += gzip_member(record);
    plain += record;
  }
  ASSERT_GT(gzip_member(records[3]).size(), kWholeMemberWindow);
  const ReadResult result = read_all(file);
  const std::vector<std::string> expected = {"https://a/robots.txt", "https://huge/robots.txt",
                                             "https://b/robots.txt", "https://noise/robots.txt",
                                             "https://c/robots.txt"};
  EXPECT_EQ(uris(result), expected);
  EXPECT_EQ(uris(read_all(plain)), expected);
  ASSERT_EQ(result.records.size(), 5u);
  EXPECT_EQ(result.records[1].block_bytes, huge.size());
  EXPECT_EQ(result.records[1].block, huge.substr(0, kMaxWarcBlockBytes));
  EXPECT_EQ(result.records[3].block, noise);
  EXPECT_EQ(result.counts.truncated, 0u);
}

// A response whose body does not compress: half its gzip member holds its header block.
std::string incompressible_response() {
  std::string body(4'000, 'a');
  std::uint32_t state = 7;
  for (char& c : body) {
    state = state * 1'103'515'245u + 12'345u;
    c = static_cast<char>('a' + (state >> 16) % 26);
  }
  return "HTTP/1.1 200 OK\r\n\r\n" + body;
}

TEST(WarcReaderTest, CountsACutGzipMemberAndGoesOnWithTheNext) {
  const std::string cut =
      gzip_member(warc_record("response", "https://cut/robots.txt", incompressible_response()));
  const std::string file = gzip_member(warc_record("response", "https://a/robots.txt", kResponse)) +
                           cut.substr(0, cut.size() / 2) +
                           gzip_member(warc_record("response", "https://b/robots.txt", kResponse));
  const ReadResult result = read_all(file);
  EXPECT_EQ(uris(result),
            (std::vector<std::string>{"https://a/robots.txt", "https://b/robots.txt"}));
  EXPECT_EQ(result.counts.truncated, 1u);
  // Half a member holds the record's header block: the record is handed out, cut.
  EXPECT_EQ(truncated(result), (std::vector<std::string>{"https://cut/robots.txt cut"}));
}

TEST(WarcReaderTest, CountsAFileThatEndsInsideAGzipMember) {
  const std::string cut = gzip_member(warc_record("response", "https://cut/robots.txt", kResponse));
  const ReadResult result =
      read_all(gzip_member(warc_record("response", "https://a/robots.txt", kResponse)) +
               cut.substr(0, cut.size() - 6));  // the deflate data whole, the gzip trailer not
  EXPECT_EQ(uris(result), (std::vector<std::string>{"https://a/robots.txt"}));
  EXPECT_EQ(result.counts.truncated, 1u);
  EXPECT_EQ(truncated(result), (std::vector<std::string>{"https://cut/robots.txt cut"}));
  EXPECT_EQ(result.records.back().block, kResponse);
}

TEST(WarcReaderTest, CountsAPlainFileThatEndsInsideARecord) {
  const std::string whole = warc_record("response", "https://cut/robots.txt", kResponse);
  const ReadResult result = read_all(warc_record("response", "https://a/robots.txt", kResponse) +
                                     whole.substr(0, whole.size() - 10));
  EXPECT_EQ(uris(result), (std::vector<std::string>{"https://a/robots.txt"}));
  EXPECT_EQ(result.counts.truncated, 1u);
  EXPECT_EQ(truncated(result), (std::vector<std::string>{"https://cut/robots.txt cut"}));
  EXPECT_EQ(result.records.back().block, kResponse.substr(0, kResponse.size() - 6));
}

TEST(WarcReaderTest, NeverTakesARecordWhoseContentLengthIsWrong) {
  std::string too_long = warc_record("response", "https://long/robots.txt", kResponse);
  too_long.replace(too_long.find("Content-Length: ") + 16, 2, "99");
  std::string too_short = warc_record("response", "https://short/robots.txt", kResponse);
  too_short.replace(too_short.find("Content-Length: ") + 16, 2, "40");
  for (const std::string& wrong : {too_long, too_short}) {
    const ReadResult result =
        read_all(warc_record("response", "https://a/robots.txt", kResponse) + wrong +
                 warc_record("response", "https://b/robots.txt", kResponse));
    // The record after the wrong one is found again, whichever way the length is wrong.
    EXPECT_EQ(uris(result),
              (std::vector<std::string>{"https://a/robots.txt", "https://b/robots.txt"}));
    EXPECT_EQ(result.counts.truncated, 1u);
  }
}

TEST(WarcReaderTest, CountsRecordsMarkedTruncated) {
  const ReadResult result = read_all(warc_record("response", "https://t/robots.txt", kResponse,
                                                 "1.1", "WARC-Truncated: length\r\n") +
                                     warc_record("response", "https://b/robots.txt", kResponse));
  EXPECT_EQ(uris(result), (std::vector<std::string>{"https://b/robots.txt"}));
  EXPECT_EQ(result.counts.truncated, 1u);
  EXPECT_EQ(truncated(result), (std::vector<std::string>{"https://t/robots.txt length"}));
  // Values outside the standard's list are "unspecified".
  const ReadResult other = read_all(warc_record("response", "https://o/robots.txt", kResponse,
                                                "1.1", "WARC-Truncated: TIME\r\n") +
                                    warc_record("response", "https://p/robots.txt", kResponse,
                                                "1.1", "WARC-Truncated: whatever\r\n"));
  EXPECT_EQ(truncated(other), (std::vector<std::string>{"https://o/robots.txt time",
                                                        "https://p/robots.txt unspecified"}));
}

TEST(WarcReaderTest, SkipsGarbageBetweenRecordsAndCountsIt) {
  const std::string plain = warc_record("response", "https://a/robots.txt", kResponse) +
                            "not a record\r\nnor this\r\n" +
                            warc_record("response", "https://b/robots.txt", kResponse);
  const ReadResult result = read_all(plain);
  EXPECT_EQ(uris(result),
            (std::vector<std::string>{"https://a/robots.txt", "https://b/robots.txt"}));
  EXPECT_EQ(result.counts.garbage_bytes, std::string("not a recordnor this").size());
  // Between gzip members: the bytes as stored are counted.
  const ReadResult gzipped = read_all(
      gzip_member(warc_record("response", "https://a/robots.txt", kResponse)) + "0123456789" +
      gzip_member(warc_record("response", "https://b/robots.txt", kResponse)));
  EXPECT_EQ(uris(gzipped),
            (std::vector<std::string>{"https://a/robots.txt", "https://b/robots.txt"}));
  EXPECT_EQ(gzipped.counts.garbage_bytes, 10u);
}

TEST(WarcReaderTest, RefusesHeaderBlocksOverTheirLimit) {
  const std::string huge_field = "X-Padding: " + std::string(kMaxWarcHeaderBytes, 'p') + "\r\n";
  const ReadResult result =
      read_all(warc_record("response", "https://huge/robots.txt", kResponse, "1.1", huge_field) +
               warc_record("response", "https://b/robots.txt", kResponse));
  EXPECT_EQ(uris(result), (std::vector<std::string>{"https://b/robots.txt"}));
  EXPECT_EQ(result.counts.errors, 1u);
}

TEST(WarcReaderTest, KeepsABlockUpToItsLimitAndCountsTheRest) {
  const std::string big(kMaxWarcBlockBytes + 12'345, 'b');
  const ReadResult result =
      read_all(gzip_member(warc_record("response", "https://big/r", big) +
                           warc_record("response", "https://b/r", kResponse)));
  ASSERT_EQ(result.records.size(), 2u);
  EXPECT_EQ(result.records[0].block.size(), kMaxWarcBlockBytes);
  EXPECT_EQ(result.records[0].block_bytes, big.size());
  EXPECT_TRUE(result.records[0].block_cut());
  EXPECT_EQ(result.records[1].block, kResponse);
}

TEST(WarcReaderTest, SurvivesAnyByteChangedOrCut) {
  // Every input is hostile: a file with one byte changed, or cut anywhere, is read to its
  // end without a crash or a loop, and gives no more whole records than it holds.
  std::string plain;
  for (const char* host : {"a", "b", "c"}) {
    plain += warc_record("response", std::string("https://") + host + "/r", kResponse);
  }
  std::string gzipped;
  for (const char* host : {"a", "b", "c"}) {
    gzipped +=
        gzip_member(warc_record("response", std::string("https://") + host + "/r", kResponse));
  }
  std::uint32_t seed = 12345;
  const auto next_random = [&seed] {
    seed = seed * 1'103'515'245 + 12'345;
    return seed >> 8;
  };
  for (const std::string* file : {&plain, &gzipped}) {
    for (int round = 0; round < 300; ++round) {
      std::string changed = *file;
      changed[next_random() % changed.size()] = static_cast<char>(next_random());
      EXPECT_LE(read_all(changed).records.size(), 3u);
      EXPECT_LE(read_all(file->substr(0, next_random() % file->size())).records.size(), 3u);
    }
  }
}

TEST(WarcReaderTest, ReadsNothingFromAnEmptyFile) {
  const ReadResult result = read_all("");
  EXPECT_TRUE(result.records.empty());
  EXPECT_EQ(result.counts.garbage_bytes + result.counts.truncated + result.counts.errors, 0u);
}

}  // namespace
}  // namespace robotstxt::census
