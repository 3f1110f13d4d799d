#include "support/service_process.h"

#include <curl/curl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>
#include <utility>

#include "support/child_process.h"

namespace robotstxt::testing {
namespace {

std::size_t append_body(char* data, std::size_t size, std::size_t count, void* target) {
  static_cast<std::string*>(target)->append(data, size * count);
  return size * count;
}

}  // namespace

HttpClient::HttpClient() : handle_(curl_easy_init()) {}

HttpClient::~HttpClient() { curl_easy_cleanup(static_cast<CURL*>(handle_)); }

HttpResult HttpClient::request(const std::string& method, const std::string& url,
                               const std::string& body, const std::vector<std::string>& headers) {
  CURL* curl = static_cast<CURL*>(handle_);
  HttpResult result;
  curl_slist* header_list = nullptr;
  for (const std::string& header : headers)
    header_list = curl_slist_append(header_list, header.c_str());
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method.c_str());
  if (method == "POST") {
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
  } else {
    curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method.c_str());
  }
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, header_list);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, append_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &result.body);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, 120L);
  if (curl_easy_perform(curl) == CURLE_OK) {
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result.status);
    curl_easy_getinfo(curl, CURLINFO_NUM_CONNECTS, &result.new_connections);
  }
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, nullptr);
  curl_slist_free_all(header_list);
  return result;
}

ServiceProcess::ServiceProcess(const std::vector<std::string>& args, const std::string& log_file) {
  std::vector<std::string> argv{ROBOTSTXT_CLI, "serve", "--listen", "127.0.0.1:0"};
  argv.insert(argv.end(), args.begin(), args.end());
  const ChildWithOutput child = spawn_with_output(std::move(argv), log_file);
  pid_ = child.pid;
  output_ = child.output;
  if (pid_ < 0) return;
  // Its first line is "listening on HOST:PORT".
  const std::string line = read_first_line(output_, std::chrono::seconds(20));
  const std::size_t colon = line.rfind(':');
  if (line.starts_with("listening on ") && colon != std::string::npos) {
    const int port = std::atoi(line.c_str() + colon + 1);
    if (port > 0 && port < 65536) port_ = static_cast<std::uint16_t>(port);
  }
}

ServiceProcess::~ServiceProcess() {
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  if (output_ >= 0) close(output_);
}

std::string ServiceProcess::url(const std::string& path) const {
  return "http://127.0.0.1:" + std::to_string(port_) + path;
}

HttpResult ServiceProcess::get(const std::string& path) const {
  return HttpClient().request("GET", url(path));
}

HttpResult ServiceProcess::post(const std::string& path, const std::string& body) const {
  return HttpClient().request("POST", url(path), body);
}

int ServiceProcess::terminate(int signal) {
  if (pid_ <= 0) return -1;
  kill(pid_, signal);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

bool becomes_ready(const ServiceProcess& service, std::chrono::milliseconds within) {
  const auto deadline = std::chrono::steady_clock::now() + within;
  while (true) {
    if (service.get("/readyz").body.find(R"("status":"ready")") != std::string::npos) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

std::string url_encode(const std::string& value) {
  std::string encoded;
  for (unsigned char c : value) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
        c == '.' || c == '_' || c == '~') {
      encoded.push_back(static_cast<char>(c));
    } else {
      static const char kHex[] = "0123456789ABCDEF";
      encoded.push_back('%');
      encoded.push_back(kHex[c >> 4]);
      encoded.push_back(kHex[c & 0xF]);
    }
  }
  return encoded;
}

}  // namespace robotstxt::testing
