# Turns data/crawlers.json (the crawler catalogue, docs/semantics.md 8) into a C++ table at
# configure time, with CMake's own JSON reader, so that the core library embeds the data
# without a JSON library and a changed data file re-runs the generation.
function(robotstxt_generate_crawler_catalogue json_file output_file)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${json_file}")
  file(READ "${json_file}" json)
  string(JSON count LENGTH "${json}" crawlers)
  math(EXPR last "${count} - 1")
  set(arrays "")
  set(entries "")
  # Raw string literals keep the text exactly as in the data file.
  set(open "R\"catalogue(")
  set(close ")catalogue\"")
  foreach(i RANGE ${last})
    foreach(list tokens sources)
      string(JSON length LENGTH "${json}" crawlers ${i} ${list})
      math(EXPR list_last "${length} - 1")
      set(items "")
      foreach(j RANGE ${list_last})
        string(JSON item GET "${json}" crawlers ${i} ${list} ${j})
        string(APPEND items "${open}${item}${close}, ")
      endforeach()
      string(APPEND arrays "constexpr std::string_view k${list}${i}[] = {${items}};\n")
    endforeach()
    foreach(field name operator purpose notes)
      string(JSON ${field} GET "${json}" crawlers ${i} ${field})
    endforeach()
    string(JSON user_agent ERROR_VARIABLE missing GET "${json}" crawlers ${i} user_agent_substring)
    if(missing)
      set(user_agent "")
    endif()
    # Whether it honours Crawl-delay is known only where its operator says so.
    set(crawl_delay "CrawlDelaySupport::kUnknown")
    set(crawl_delay_source "")
    string(JSON honoured ERROR_VARIABLE missing GET "${json}" crawlers ${i} crawl_delay honoured)
    if(NOT missing)
      string(JSON crawl_delay_source GET "${json}" crawlers ${i} crawl_delay source)
      if(honoured)
        set(crawl_delay "CrawlDelaySupport::kHonoured")
      else()
        set(crawl_delay "CrawlDelaySupport::kIgnored")
      endif()
    endif()
    foreach(flag ignores_global_group obeys_robots_txt verified)
      string(JSON value GET "${json}" crawlers ${i} ${flag})
      if(value)
        set(${flag} true)
      else()
        set(${flag} false)
      endif()
    endforeach()
    string(APPEND entries "    {${open}${name}${close}, ktokens${i}, ${ignores_global_group}, "
           "${obeys_robots_txt}, ${open}${operator}${close}, purpose(${open}${purpose}${close}), "
           "ksources${i}, ${verified}, ${open}${notes}${close}, ${open}${user_agent}${close}, "
           "${crawl_delay}, ${open}${crawl_delay_source}${close}},\n")
  endforeach()
  string(JSON updated GET "${json}" updated)
  file(CONFIGURE OUTPUT "${output_file}" @ONLY CONTENT [=[
// Generated from data/crawlers.json by cmake/CrawlerCatalogue.cmake. Do not edit.
#include "core/crawler_catalogue_data.h"

namespace robotstxt::internal {
namespace {

@arrays@
}  // namespace

const std::string_view kCrawlerCatalogueUpdated = "@updated@";

const Crawler kCrawlerCatalogue[] = {
@entries@};

const std::size_t kCrawlerCatalogueSize = sizeof(kCrawlerCatalogue) / sizeof(Crawler);

}  // namespace robotstxt::internal
]=])
endfunction()
