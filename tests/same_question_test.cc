// One question, every surface: each command that answers for someone (check, explain,
// audit, diff --urls, info, fetch) and each endpoint of `serve` that does (GET and POST
// /v1/check, /v1/evaluate, /v1/acquire) is asked the same questions about real files of
// tests/data/corpus, and the test fails where two of them answer differently. The
// questions are those where the surfaces used to disagree: a crawler falling back to
// another token's group, a User-Agent header, a crawler that ignores `*`, merged tokens,
// a crawler robots.txt does not bind (docs/semantics.md 8), URLs with bytes a crawler
// percent-encodes, and a whole User-Agent header given as an agent.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/fixture_server.h"
#include "support/read_file.h"
#include "support/run_command.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using nlohmann::json;
using testing::FixtureServer;
using testing::read_file;
using testing::run_command;
using testing::ServiceProcess;
using testing::TempFile;
using testing::url_encode;

const std::string kCli = ROBOTSTXT_CLI;
const std::string kCorpus = ROBOTSTXT_TEST_DATA_DIR "/corpus/robots/";

// Who asks, said the way each surface takes it.
struct Who {
  std::string name;
  std::vector<std::string> options;  // the command line's
  std::string query;                 // GET /v1/check's
  json body;                         // the JSON bodies'
};

// A file of the corpus, served as the robots.txt of `host` by a fixture origin.
struct Site {
  std::string file;
  std::string host;
  std::vector<std::string> paths;  // asked as http://HOST/PATH
  std::vector<Who> askers;
};

// One answer for one URL; a field a surface does not give is left out of the comparison.
struct Answer {
  std::optional<std::string> url;  // as matched
  bool allowed = false;
  std::optional<json> line;
  std::optional<json> crawler_rule;
  std::optional<json> crawler_token;
};

Answer from_verdict(const json& value) {
  return {value["url"].get<std::string>(), value["allowed"].get<bool>(), value["line"],
          value["crawler_rule"], value["crawler_token"]};
}

std::string describe(const Answer& answer) {
  std::string text = answer.allowed ? "allowed" : "disallowed";
  if (answer.url) text += " url=" + *answer.url;
  if (answer.line) text += " line=" + answer.line->dump();
  if (answer.crawler_rule) text += " crawler_rule=" + answer.crawler_rule->dump();
  if (answer.crawler_token) text += " crawler_token=" + answer.crawler_token->dump();
  return text;
}

// The answers of each surface, by URL index.
using Answers = std::map<std::string, std::vector<Answer>>;

// The groups chosen, as audit and info give them: first lines, and for a crawler how.
struct Selection {
  json group_lines;
  json crawler_rule;
  json crawler_token;
};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

json one_json(const testing::CommandResult& result, const std::string& what) {
  EXPECT_NE(result.exit_code, 2) << what << ": " << result.err;
  const json parsed = json::parse(result.out, nullptr, false);
  EXPECT_FALSE(parsed.is_discarded()) << what << ": " << result.out;
  return parsed;
}

std::vector<json> json_lines(const std::string& out) {
  std::vector<json> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) lines.push_back(json::parse(line));
  return lines;
}

class SameQuestion : public ::testing::Test {
 protected:
  void SetUp() override {
    sites_ = {
        {"www.amazon.com",
         "www.amazon.test",
         {"rss/people/x/reviews", "exec/obidos/account-access-login", "gp/help"},
         {{"a fallback crawler",
           {"--crawler", "Googlebot-Image"},
           "crawler=Googlebot-Image",
           {{"crawler", "Googlebot-Image"}}},
          {"a User-Agent header",
           {"--user-agent-string", "Googlebot-Image/1.0"},
           "user_agent=Googlebot-Image%2F1.0",
           {{"user_agent", "Googlebot-Image/1.0"}}},
          {"a crawler that ignores *",
           {"--crawler", "AdsBot-Google"},
           "crawler=AdsBot-Google",
           {{"crawler", "AdsBot-Google"}}},
          {"merged tokens",
           {"--agent", "Googlebot,EtaoSpider"},
           "agent=Googlebot%2CEtaoSpider",
           {{"agent", "Googlebot,EtaoSpider"}}},
          {"a crawler not bound by robots.txt",
           {"--crawler", "Feedfetcher"},
           "crawler=Feedfetcher",
           {{"crawler", "Feedfetcher"}}}}},
        {"en.wikipedia.org",
         "en.wikipedia.test",
         {"wiki/Wikipedia:L\xC3\xB6schkandidaten/Foo", "wiki/Main_Page"},
         {{"a URL with non-ASCII bytes",
           {"--agent", "Googlebot"},
           "agent=Googlebot",
           {{"agent", "Googlebot"}}}}},
        {"msdn.microsoft.com",
         "msdn.microsoft.test",
         {" library/x", "library/x"},
         {{"a URL with a space",
           {"--agent", "Googlebot"},
           "agent=Googlebot",
           {{"agent", "Googlebot"}}}}},
    };
    std::vector<std::string> serve_args = {"--allow-private"};
    for (const Site& site : sites_) {
      origins_.push_back(std::make_unique<FixtureServer>(
          "robots_server.py", std::vector<std::string>{"--body", kCorpus + site.file}));
      ASSERT_NE(origins_.back()->port(), 0);
      serve_args.push_back("--connect-to");
      serve_args.push_back(site.host + ":80:127.0.0.1:" + std::to_string(origins_.back()->port()));
    }
    service_ = std::make_unique<ServiceProcess>(serve_args);
    ASSERT_NE(service_->port(), 0);
  }

  std::string connect_to(std::size_t site) const {
    return sites_[site].host + ":80:127.0.0.1:" + std::to_string(origins_[site]->port());
  }

  // Every surface's answers for `who` about `site`.
  Answers ask(std::size_t index, const Who& who, std::map<std::string, Selection>& selections) {
    const Site& site = sites_[index];
    const std::string file = kCorpus + site.file;
    std::vector<std::string> urls;
    for (const std::string& path : site.paths) urls.push_back("http://" + site.host + "/" + path);
    std::string url_lines;
    for (const std::string& url : urls) url_lines += url + "\n";
    const TempFile url_file(url_lines);
    const TempFile empty("");
    Answers answers;

    for (const json& line : json_lines(
             run_command(kCli, with({"check", "--json", file, "-"}, who.options), url_lines).out)) {
      answers["check"].push_back(from_verdict(line));
    }
    for (const std::string& url : urls) {
      const json explained =
          one_json(run_command(kCli, with({"explain", "--json", file, url}, who.options)),
                   "explain " + who.name);
      answers["explain"].push_back(from_verdict(explained));
    }
    const json audit = one_json(
        run_command(kCli, with(with({"audit", "--json", file}, urls), who.options)), "audit");
    EXPECT_EQ(audit["crawlers"].size(), 1u) << audit.dump();
    const json& row = audit["crawlers"][0];
    for (const json& result : row["results"]) answers["audit"].push_back(from_verdict(result));
    selections["audit"] = {row["groups"], row["crawler_rule"], row["crawler_token"]};

    // Against an empty OLD, every URL that NEW's rules decide is a change; the others are
    // allowed by no rule in both. Several tokens get a row each in diff unless --merge
    // asks for them as one crawler, as everywhere else.
    std::vector<std::string> diff_args = {"diff", "--json", empty.path(),
                                          file,   "--urls", url_file.path()};
    if (who.options[0] == "--agent" && who.options[1].find(',') != std::string::npos) {
      diff_args.emplace_back("--merge");
    }
    const json diff = one_json(run_command(kCli, with(diff_args, who.options)), "diff");
    for (std::size_t i = 0; i < urls.size(); ++i) {
      Answer answer{answers["check"][i].url, true, json(), std::nullopt, std::nullopt};
      for (const json& change : diff["changes"]) {
        if (change["url"] != *answer.url) continue;
        answer.allowed = change["after"]["allowed"];
        answer.line = change["after"]["line"];
        answer.crawler_rule = change["after"]["crawler_rule"];
        answer.crawler_token = change["after"]["crawler_token"];
      }
      answers["diff --urls"].push_back(answer);
    }

    const json info =
        one_json(run_command(kCli, with({"info", "--json", file}, who.options)), "info");
    json info_lines = json::array();
    for (const json& group : info["selection"]["groups"]) {
      info_lines.push_back(info["groups"][group.get<std::size_t>() - 1]["agents"][0]["line"]);
    }
    selections["info"] = {info_lines, info["selection"].value("crawler_rule", json()),
                          info["selection"].value("crawler_token", json())};

    const auto fetched = run_command(
        kCli, with({"fetch", "-", "--json", "--connect-to", connect_to(index)}, who.options),
        url_lines);
    for (const json& line : json_lines(fetched.out)) answers["fetch"].push_back(from_verdict(line));

    for (const std::string& url : urls) {
      const auto result = service_->get("/v1/check?url=" + url_encode(url) + "&" + who.query);
      EXPECT_EQ(result.status, 200) << result.body;
      answers["GET /v1/check"].push_back(from_verdict(json::parse(result.body)));
    }
    json body = who.body;
    body["urls"] = urls;
    const auto batch = service_->post("/v1/check", body.dump());
    EXPECT_EQ(batch.status, 200) << batch.body;
    const json batch_answer = json::parse(batch.body);
    for (const json& result : batch_answer["results"]) {
      answers["POST /v1/check"].push_back(from_verdict(result));
    }
    json evaluation = body;
    evaluation["robots_txt"] = read_file(file);  // these files are UTF-8
    const auto evaluated = service_->post("/v1/evaluate", evaluation.dump());
    EXPECT_EQ(evaluated.status, 200) << evaluated.body;
    const json evaluation_answer = json::parse(evaluated.body);
    for (const json& result : evaluation_answer["results"]) {
      answers["POST /v1/evaluate"].push_back(from_verdict(result));
    }
    const auto acquired = service_->post("/v1/acquire", body.dump());
    EXPECT_EQ(acquired.status, 200) << acquired.body;
    const json slots = json::parse(acquired.body);
    for (const json& slot : slots["slots"]) {
      answers["POST /v1/acquire"].push_back({slot["url"].get<std::string>(), slot["allowed"],
                                             std::nullopt, std::nullopt, std::nullopt});
    }
    return answers;
  }

  // Fails for every surface whose answer differs from check's in a field both give.
  static void expect_one_answer(const Answers& answers, const std::string& who) {
    const std::vector<Answer>& reference = answers.at("check");
    for (const auto& [surface, given] : answers) {
      ASSERT_EQ(given.size(), reference.size()) << surface << " for " << who;
      for (std::size_t i = 0; i < given.size(); ++i) {
        const Answer& a = reference[i];
        const Answer& b = given[i];
        const bool same = a.allowed == b.allowed && (!b.url || a.url == b.url) &&
                          (!b.line || a.line == b.line) &&
                          (!b.crawler_rule || a.crawler_rule == b.crawler_rule) &&
                          (!b.crawler_token || a.crawler_token == b.crawler_token);
        EXPECT_TRUE(same) << who << ", URL " << i << ": check says " << describe(a) << ", "
                          << surface << " says " << describe(b);
      }
    }
  }

  std::vector<Site> sites_;
  std::vector<std::unique_ptr<FixtureServer>> origins_;
  std::unique_ptr<ServiceProcess> service_;
};

TEST_F(SameQuestion, EverySurfaceGivesOneAnswerToEachQuestion) {
  std::map<std::string, Answers> asked;
  for (std::size_t s = 0; s < sites_.size(); ++s) {
    for (const Who& who : sites_[s].askers) {
      std::map<std::string, Selection> selections;
      const Answers answers = ask(s, who, selections);
      std::string surfaces;
      for (const auto& [surface, given] : answers) surfaces += surface + "; ";
      EXPECT_EQ(answers.size(), 9u) << surfaces;  // every surface answered
      expect_one_answer(answers, who.name);
      // The groups audit and info say were chosen are one choice.
      EXPECT_EQ(selections["audit"].group_lines, selections["info"].group_lines) << who.name;
      EXPECT_EQ(selections["audit"].crawler_rule, selections["info"].crawler_rule) << who.name;
      EXPECT_EQ(selections["audit"].crawler_token, selections["info"].crawler_token) << who.name;
      asked[who.name] = answers;
    }
  }
  // What that one answer is, on Amazon's file: Googlebot-Image (asked by name or by its
  // header) follows Googlebot's group, whose line 129 disallows /rss/people/x/reviews.
  for (const char* who : {"a fallback crawler", "a User-Agent header"}) {
    const Answer& reviews = asked[who]["check"][0];
    EXPECT_FALSE(reviews.allowed) << who;
    EXPECT_EQ(reviews.line, json(129)) << who;
    EXPECT_EQ(reviews.crawler_rule, json("fallback-token")) << who;
    EXPECT_EQ(reviews.crawler_token, json("Googlebot")) << who;
  }
  // AdsBot-Google ignores the * group that disallows line 2's path.
  EXPECT_TRUE(asked["a crawler that ignores *"]["check"][1].allowed);
  EXPECT_EQ(asked["a crawler that ignores *"]["check"][1].crawler_rule, json("global-ignored"));
  // Merged, EtaoSpider's `disallow: /` applies with Googlebot's rules.
  EXPECT_FALSE(asked["merged tokens"]["check"][2].allowed);
  EXPECT_EQ(asked["a crawler not bound by robots.txt"]["check"][1].crawler_rule,
            json("not-subject"));
  // The URLs are matched as Googlebot requests them, and every surface says so.
  const Answer& deletion = asked["a URL with non-ASCII bytes"]["check"][0];
  EXPECT_EQ(deletion.url, "http://en.wikipedia.test/wiki/Wikipedia:L%C3%B6schkandidaten/Foo");
  EXPECT_FALSE(deletion.allowed);
  EXPECT_EQ(deletion.line, json(175));
  const Answer& spaced = asked["a URL with a space"]["check"][0];
  EXPECT_EQ(spaced.url, "http://msdn.microsoft.test/%20library/x");
  EXPECT_FALSE(spaced.allowed);
}

// A whole User-Agent header where product tokens go: refused by every command with one
// line naming --user-agent-string and the crawler, and by every endpoint with a 400 whose
// message is the same in the service's names.
TEST_F(SameQuestion, AHeaderGivenAsTokensIsRefusedAlikeEverywhere) {
  const std::string header =
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
  const std::string file = kCorpus + "www.amazon.com";
  const std::string url = "http://www.amazon.test/rss/people/x/reviews";
  const TempFile urls(url + "\n");
  const std::vector<std::vector<std::string>> commands = {
      {"check", file, url}, {"explain", file, url},
      {"audit", file, url}, {"diff", file, file, "--urls", urls.path()},
      {"info", file},       {"fetch", url, "--connect-to", connect_to(0)},
  };
  std::string cli_message;
  for (const auto& command : commands) {
    const auto result = run_command(kCli, with(command, {"--agent", header}));
    EXPECT_EQ(result.exit_code, 2) << command[0];
    EXPECT_EQ(result.out, "") << command[0];
    ASSERT_EQ(result.err.find('\n'), result.err.size() - 1) << command[0] << ": " << result.err;
    EXPECT_NE(result.err.find("naming crawler Googlebot; give it with --user-agent-string"),
              std::string::npos)
        << command[0] << ": " << result.err;
    // "robotstxt COMMAND: error: MESSAGE (see 'robotstxt COMMAND --help')"
    const std::size_t start = result.err.find("error: ") + 7;
    const std::string message = result.err.substr(start, result.err.rfind(" (see '") - start);
    if (cli_message.empty()) cli_message = message;
    EXPECT_EQ(message, cli_message) << command[0];
  }
  // The same words, each option named as the service names it.
  std::string in_service_names = cli_message;
  for (const auto& [option, parameter] :
       std::vector<std::pair<std::string, std::string>>{{"--user-agent-string", "user_agent"},
                                                        {"--as-written", "as_written=1"},
                                                        {"--agent", "agent"}}) {
    in_service_names.replace(in_service_names.find(option), option.size(), parameter);
  }
  json body = {{"agent", header}, {"urls", {url}}};
  const std::vector<testing::HttpResult> refusals = {
      service_->get("/v1/check?url=" + url_encode(url) + "&agent=" + url_encode(header)),
      service_->post("/v1/check", body.dump()),
      service_->post("/v1/acquire", body.dump()),
      service_->post(
          "/v1/evaluate",
          json{{"agent", header}, {"urls", {url}}, {"robots_txt", read_file(file)}}.dump()),
  };
  for (const auto& refusal : refusals) {
    EXPECT_EQ(refusal.status, 400) << refusal.body;
    EXPECT_EQ(json::parse(refusal.body)["error"], in_service_names) << refusal.body;
  }
  // As written, it is asked as given, as Google's matcher takes it: the * group answers.
  const auto as_written = run_command(kCli, {"check", "--as-written", "--json", file, header, url});
  EXPECT_EQ(as_written.exit_code, 0) << as_written.err;
  const auto raw = service_->get("/v1/check?as_written=1&url=" + url_encode(url) +
                                 "&agent=" + url_encode(header));
  EXPECT_EQ(raw.status, 200) << raw.body;
  EXPECT_EQ(json::parse(raw.body)["allowed"], true);
}

}  // namespace
}  // namespace robotstxt
