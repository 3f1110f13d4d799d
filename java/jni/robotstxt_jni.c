/*
 * JNI glue between io.github.robotstxt.Native and the C ABI (robotstxt/c_api.h). Every
 * function copies what it needs out of Java arrays, calls the ABI, and turns a failure
 * into the exception its cause calls for: IllegalArgumentException for what the caller
 * passed (an unknown crawler, a null), OutOfMemoryError, IllegalStateException for a bug.
 * No robots.txt content can make the ABI fail.
 */
#include <jni.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <robotstxt/c_api.h>

#include "io_github_robotstxt_Native.h"

static void throw_named(JNIEnv* env, const char* class_name, const char* message) {
  jclass type = (*env)->FindClass(env, class_name);
  if (type != NULL) {
    (*env)->ThrowNew(env, type, message);
  }
}

static void throw_status(JNIEnv* env, const robotstxt_error* error) {
  switch (error->code) {
    case ROBOTSTXT_OUT_OF_MEMORY:
      throw_named(env, "java/lang/OutOfMemoryError", error->message);
      break;
    case ROBOTSTXT_INTERNAL:
      throw_named(env, "java/lang/IllegalStateException", error->message);
      break;
    default:
      throw_named(env, "java/lang/IllegalArgumentException", error->message);
  }
}

/* The glue reads the ABI's structs and words as the header it was compiled with describes
 * them; a library of another ABI (an older librobotstxt, whose words were prose) would give
 * wrong answers silently, so loading fails instead, saying which ABI each side has. */
JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM* vm, void* reserved) {
  (void)reserved;
  JNIEnv* env = NULL;
  if ((*vm)->GetEnv(vm, (void**)&env, JNI_VERSION_1_8) != JNI_OK) {
    return JNI_ERR;
  }
  int32_t linked = robotstxt_abi_version();
  if (linked != ROBOTSTXT_ABI_VERSION) {
    char message[128];
    snprintf(message, sizeof message,
             "robotstxt: the JNI library needs ABI %d, the librobotstxt it loaded has ABI %d",
             (int)ROBOTSTXT_ABI_VERSION, (int)linked);
    throw_named(env, "java/lang/UnsatisfiedLinkError", message);
    return JNI_ERR;
  }
  return JNI_VERSION_1_8;
}

/* A Java byte[] copied into C memory (the ABI may not keep it, and a copy needs no pin).
 * Returns 0 with an exception pending when the array is null or memory runs out. */
typedef struct bytes {
  char* data;
  size_t size;
} bytes;

static int bytes_from(JNIEnv* env, jbyteArray array, bytes* out) {
  if (array == NULL) {
    throw_named(env, "java/lang/NullPointerException", "null argument");
    return 0;
  }
  out->size = (size_t)(*env)->GetArrayLength(env, array);
  out->data = malloc(out->size + 1);
  if (out->data == NULL) {
    throw_named(env, "java/lang/OutOfMemoryError", "robotstxt: copying an argument");
    return 0;
  }
  (*env)->GetByteArrayRegion(env, array, 0, (jsize)out->size, (jbyte*)out->data);
  return 1;
}

static jbyteArray array_from(JNIEnv* env, robotstxt_string view) {
  jbyteArray array = (*env)->NewByteArray(env, (jsize)view.size);
  if (array != NULL && view.size > 0) {
    (*env)->SetByteArrayRegion(env, array, 0, (jsize)view.size, (const jbyte*)view.data);
  }
  return array;
}

/* A view as a Java byte[], or null for an empty one: the empty name of a _NONE value and
 * the empty view of an absent string both stand for the schema's null. */
static jbyteArray array_or_null(JNIEnv* env, robotstxt_string view) {
  return view.size == 0 ? NULL : array_from(env, view);
}

static const robotstxt_robots* robots_of(jlong handle) {
  return (const robotstxt_robots*)(uintptr_t)handle;
}

static const robotstxt_agent* agent_of(jlong handle) {
  return (const robotstxt_agent*)(uintptr_t)handle;
}

JNIEXPORT jlong JNICALL Java_io_github_robotstxt_Native_parse(JNIEnv* env, jclass cls,
                                                              jbyteArray body) {
  (void)cls;
  bytes copy;
  if (!bytes_from(env, body, &copy)) {
    return 0;
  }
  robotstxt_robots* robots = NULL;
  robotstxt_error error;
  robotstxt_status status = robotstxt_parse(copy.data, copy.size, &robots, &error);
  free(copy.data);
  if (status != ROBOTSTXT_OK) {
    throw_status(env, &error);
    return 0;
  }
  return (jlong)(uintptr_t)robots;
}

JNIEXPORT void JNICALL Java_io_github_robotstxt_Native_robotsFree(JNIEnv* env, jclass cls,
                                                                  jlong robots) {
  (void)env;
  (void)cls;
  robotstxt_robots_free((robotstxt_robots*)(uintptr_t)robots);
}

JNIEXPORT jlong JNICALL Java_io_github_robotstxt_Native_agentFromTokens(JNIEnv* env, jclass cls,
                                                                        jobjectArray tokens) {
  (void)cls;
  if (tokens == NULL) {
    throw_named(env, "java/lang/NullPointerException", "null tokens");
    return 0;
  }
  jsize count = (*env)->GetArrayLength(env, tokens);
  robotstxt_string* views = calloc((size_t)count + 1, sizeof *views);
  if (views == NULL) {
    throw_named(env, "java/lang/OutOfMemoryError", "robotstxt: copying tokens");
    return 0;
  }
  jlong result = 0;
  jsize copied = 0;
  for (; copied < count; copied++) {
    jbyteArray token = (jbyteArray)(*env)->GetObjectArrayElement(env, tokens, copied);
    bytes copy;
    int ok = bytes_from(env, token, &copy);
    (*env)->DeleteLocalRef(env, token);
    if (!ok) {
      goto done;
    }
    views[copied].data = copy.data;
    views[copied].size = copy.size;
  }
  robotstxt_agent* agent = NULL;
  robotstxt_error error;
  if (robotstxt_agent_from_tokens(views, (size_t)count, &agent, &error) != ROBOTSTXT_OK) {
    throw_status(env, &error);
  } else {
    result = (jlong)(uintptr_t)agent;
  }
done:
  for (jsize i = 0; i < copied; i++) {
    free((void*)views[i].data);
  }
  free(views);
  return result;
}

typedef robotstxt_status (*agent_from_name)(const char*, size_t, robotstxt_agent**,
                                            robotstxt_error*);

static jlong agent_from(JNIEnv* env, jbyteArray name, agent_from_name make) {
  bytes copy;
  if (!bytes_from(env, name, &copy)) {
    return 0;
  }
  robotstxt_agent* agent = NULL;
  robotstxt_error error;
  robotstxt_status status = make(copy.data, copy.size, &agent, &error);
  free(copy.data);
  if (status != ROBOTSTXT_OK) {
    throw_status(env, &error);
    return 0;
  }
  return (jlong)(uintptr_t)agent;
}

JNIEXPORT jlong JNICALL Java_io_github_robotstxt_Native_agentFromCrawler(JNIEnv* env, jclass cls,
                                                                         jbyteArray name) {
  (void)cls;
  return agent_from(env, name, robotstxt_agent_from_crawler);
}

JNIEXPORT jlong JNICALL Java_io_github_robotstxt_Native_agentFromUserAgent(JNIEnv* env, jclass cls,
                                                                           jbyteArray header) {
  (void)cls;
  return agent_from(env, header, robotstxt_agent_from_user_agent);
}

JNIEXPORT void JNICALL Java_io_github_robotstxt_Native_agentFree(JNIEnv* env, jclass cls,
                                                                 jlong agent) {
  (void)env;
  (void)cls;
  robotstxt_agent_free((robotstxt_agent*)(uintptr_t)agent);
}

JNIEXPORT jboolean JNICALL Java_io_github_robotstxt_Native_allowed(JNIEnv* env, jclass cls,
                                                                   jlong robots, jbyteArray url,
                                                                   jlong agent) {
  (void)cls;
  bytes copy;
  if (!bytes_from(env, url, &copy)) {
    return JNI_FALSE;
  }
  int32_t allowed = 0;
  robotstxt_error error;
  robotstxt_status status =
      robotstxt_allowed(robots_of(robots), copy.data, copy.size, agent_of(agent), &allowed, &error);
  free(copy.data);
  if (status != ROBOTSTXT_OK) {
    throw_status(env, &error);
    return JNI_FALSE;
  }
  return allowed == 1 ? JNI_TRUE : JNI_FALSE;
}

JNIEXPORT jbooleanArray JNICALL Java_io_github_robotstxt_Native_allowedUrls(
    JNIEnv* env, jclass cls, jlong robots, jbyteArray joined, jintArray ends, jlong agent) {
  (void)cls;
  if (ends == NULL) {
    throw_named(env, "java/lang/NullPointerException", "null ends");
    return NULL;
  }
  bytes copy;
  if (!bytes_from(env, joined, &copy)) {
    return NULL;
  }
  jsize count = (*env)->GetArrayLength(env, ends);
  jint* end_at = malloc(((size_t)count + 1) * sizeof *end_at);
  robotstxt_string* views = malloc(((size_t)count + 1) * sizeof *views);
  uint8_t* answers = malloc((size_t)count + 1);
  jbooleanArray result = NULL;
  if (end_at == NULL || views == NULL || answers == NULL) {
    throw_named(env, "java/lang/OutOfMemoryError", "robotstxt: a batch of URLs");
    goto done;
  }
  (*env)->GetIntArrayRegion(env, ends, 0, count, end_at);
  size_t start = 0;
  for (jsize i = 0; i < count; i++) {
    size_t end = (size_t)end_at[i];
    if (end < start || end > copy.size) {
      throw_named(env, "java/lang/IllegalArgumentException", "robotstxt: bad URL ends");
      goto done;
    }
    views[i].data = copy.data + start;
    views[i].size = end - start;
    start = end;
  }
  robotstxt_error error;
  if (robotstxt_allowed_urls(robots_of(robots), views, (size_t)count, agent_of(agent), answers,
                             &error) != ROBOTSTXT_OK) {
    throw_status(env, &error);
    goto done;
  }
  result = (*env)->NewBooleanArray(env, count);
  if (result != NULL && count > 0) {
    /* jboolean is an unsigned char holding 0 or 1, as the answers are. */
    (*env)->SetBooleanArrayRegion(env, result, 0, count, (const jboolean*)answers);
  }
done:
  free(answers);
  free(views);
  free(end_at);
  free(copy.data);
  return result;
}

/* A Verdict object made from the ABI's verdict, whose views must still be valid. NULL with
 * an exception pending when Java cannot make it. */
static jobject verdict_object(JNIEnv* env, const robotstxt_verdict* verdict) {
  jclass verdict_class = (*env)->FindClass(env, "io/github/robotstxt/Verdict");
  if (verdict_class == NULL) {
    return NULL;
  }
  jmethodID of = (*env)->GetStaticMethodID(env, verdict_class, "of",
                                           "(ZI[B[BIZ[B[B[B[B)Lio/github/robotstxt/Verdict;");
  if (of == NULL) {
    return NULL;
  }
  /* kind, pattern and rule say something only when a rule decided (line != 0); a decisive
   * rule's value may be empty, so that, not the view's size, decides null. */
  int decided = verdict->line != 0;
  jbyteArray kind = decided ? array_from(env, robotstxt_rule_kind_name(verdict->kind)) : NULL;
  jbyteArray pattern = decided ? array_from(env, verdict->pattern) : NULL;
  jbyteArray rule = decided ? array_from(env, verdict->rule) : NULL;
  jbyteArray applied = array_from(env, robotstxt_applied_groups_name(verdict->applied));
  jbyteArray crawler_rule = array_or_null(env, robotstxt_crawler_rule_name(verdict->crawler_rule));
  jbyteArray crawler_token = array_or_null(env, verdict->crawler_token);
  if ((*env)->ExceptionCheck(env)) {
    return NULL;
  }
  return (*env)->CallStaticObjectMethod(
      env, verdict_class, of, verdict->allowed == 1 ? JNI_TRUE : JNI_FALSE, (jint)verdict->line,
      kind, pattern, (jint)verdict->strength, verdict->via_index_htm == 1 ? JNI_TRUE : JNI_FALSE,
      applied, rule, crawler_rule, crawler_token);
}

JNIEXPORT jobject JNICALL Java_io_github_robotstxt_Native_verdict(JNIEnv* env, jclass cls,
                                                                  jlong robots, jbyteArray url,
                                                                  jlong agent) {
  bytes copy;
  if (!bytes_from(env, url, &copy)) {
    return NULL;
  }
  robotstxt_verdict verdict;
  robotstxt_error error;
  robotstxt_status status = robotstxt_verdict_of(robots_of(robots), copy.data, copy.size,
                                                 agent_of(agent), &verdict, &error);
  free(copy.data);
  if (status != ROBOTSTXT_OK) {
    throw_status(env, &error);
    return NULL;
  }
  (void)cls;
  return verdict_object(env, &verdict);
}

JNIEXPORT jobjectArray JNICALL Java_io_github_robotstxt_Native_sitemaps(JNIEnv* env, jclass cls,
                                                                        jlong robots) {
  (void)cls;
  size_t count = robotstxt_sitemap_count(robots_of(robots));
  jclass byte_array = (*env)->FindClass(env, "[B");
  if (byte_array == NULL) {
    return NULL;
  }
  jobjectArray sitemaps = (*env)->NewObjectArray(env, (jsize)count, byte_array, NULL);
  for (size_t i = 0; sitemaps != NULL && i < count; i++) {
    jbyteArray sitemap = array_from(env, robotstxt_sitemap(robots_of(robots), i));
    if (sitemap == NULL) {
      return NULL;
    }
    (*env)->SetObjectArrayElement(env, sitemaps, (jsize)i, sitemap);
    (*env)->DeleteLocalRef(env, sitemap);
  }
  return sitemaps;
}

JNIEXPORT jdouble JNICALL Java_io_github_robotstxt_Native_crawlDelay(JNIEnv* env, jclass cls,
                                                                     jlong robots, jlong agent) {
  (void)cls;
  int32_t found = 0;
  double seconds = 0;
  robotstxt_error error;
  if (robotstxt_crawl_delay(robots_of(robots), agent_of(agent), &found, &seconds, &error) !=
      ROBOTSTXT_OK) {
    throw_status(env, &error);
    return 0;
  }
  return found == 1 ? seconds : NAN;
}

/* Copies a Java byte[][] into C views (each copied, freed by free_views). Returns NULL with
 * an exception pending when an element is null or memory runs out. */
static robotstxt_string* views_from(JNIEnv* env, jobjectArray arrays, jsize count) {
  robotstxt_string* views = calloc((size_t)count + 1, sizeof *views);
  if (views == NULL) {
    throw_named(env, "java/lang/OutOfMemoryError", "robotstxt: copying arguments");
    return NULL;
  }
  for (jsize i = 0; i < count; i++) {
    jbyteArray array = (jbyteArray)(*env)->GetObjectArrayElement(env, arrays, i);
    bytes copy;
    int ok = bytes_from(env, array, &copy);
    (*env)->DeleteLocalRef(env, array);
    if (!ok) {
      for (jsize j = 0; j < i; j++) {
        free((void*)views[j].data);
      }
      free(views);
      return NULL;
    }
    views[i].data = copy.data;
    views[i].size = copy.size;
  }
  return views;
}

static void free_views(robotstxt_string* views, jsize count) {
  for (jsize i = 0; views != NULL && i < count; i++) {
    free((void*)views[i].data);
  }
  free(views);
}

JNIEXPORT jlong JNICALL Java_io_github_robotstxt_Native_clientNew(JNIEnv* env, jclass cls,
                                                                  jobjectArray names,
                                                                  jobjectArray values) {
  (void)cls;
  if (names == NULL || values == NULL) {
    throw_named(env, "java/lang/NullPointerException", "null options");
    return 0;
  }
  jsize count = (*env)->GetArrayLength(env, names);
  if ((*env)->GetArrayLength(env, values) != count) {
    throw_named(env, "java/lang/IllegalArgumentException", "robotstxt: unpaired options");
    return 0;
  }
  robotstxt_string* name_views = views_from(env, names, count);
  if (name_views == NULL) {
    return 0;
  }
  robotstxt_string* value_views = views_from(env, values, count);
  if (value_views == NULL) {
    free_views(name_views, count);
    return 0;
  }
  robotstxt_client* client = NULL;
  robotstxt_error error;
  robotstxt_status status =
      robotstxt_client_new(name_views, value_views, (size_t)count, &client, &error);
  free_views(name_views, count);
  free_views(value_views, count);
  if (status != ROBOTSTXT_OK) {
    throw_status(env, &error);
    return 0;
  }
  return (jlong)(uintptr_t)client;
}

JNIEXPORT void JNICALL Java_io_github_robotstxt_Native_clientFree(JNIEnv* env, jclass cls,
                                                                  jlong client) {
  (void)env;
  (void)cls;
  robotstxt_client_free((robotstxt_client*)(uintptr_t)client);
}

/* The Decision object of a decision; NULL with an exception pending on failure. */
static jobject decision_object(JNIEnv* env, const robotstxt_decision* decision) {
  robotstxt_decision_info info;
  robotstxt_verdict verdict;
  robotstxt_error error;
  if (robotstxt_decision_get_info(decision, &info, &error) != ROBOTSTXT_OK ||
      robotstxt_decision_verdict(decision, &verdict, &error) != ROBOTSTXT_OK) {
    throw_status(env, &error);
    return NULL;
  }
  jclass decision_class = (*env)->FindClass(env, "io/github/robotstxt/Decision");
  if (decision_class == NULL) {
    return NULL;
  }
  jmethodID of = (*env)->GetStaticMethodID(
      env, decision_class, "of",
      "(Z[B[B[B[BLio/github/robotstxt/Verdict;I[B[B)Lio/github/robotstxt/Decision;");
  if (of == NULL) {
    return NULL;
  }
  jobject verdict_java = verdict_object(env, &verdict);
  if (verdict_java == NULL) {
    return NULL;
  }
  /* The _NONE values (a URL with no origin) have empty names: null here. */
  jbyteArray url_error = array_or_null(env, robotstxt_url_error_name(info.url_error));
  jbyteArray robots_url = array_or_null(env, info.robots_url);
  jbyteArray access = array_or_null(env, robotstxt_access_name(info.access));
  jbyteArray access_reason = array_or_null(env, robotstxt_access_reason_name(info.access_reason));
  jbyteArray cache_tier = array_or_null(env, robotstxt_cache_tier_name(info.cache_tier));
  jbyteArray fetch_error = array_or_null(env, info.fetch_error);
  if ((*env)->ExceptionCheck(env)) {
    return NULL;
  }
  return (*env)->CallStaticObjectMethod(
      env, decision_class, of, info.allowed == 1 ? JNI_TRUE : JNI_FALSE, url_error, robots_url,
      access, access_reason, verdict_java, (jint)info.status, cache_tier, fetch_error);
}

JNIEXPORT jobject JNICALL Java_io_github_robotstxt_Native_clientDecide(JNIEnv* env, jclass cls,
                                                                       jlong client, jbyteArray url,
                                                                       jlong agent) {
  (void)cls;
  bytes copy;
  if (!bytes_from(env, url, &copy)) {
    return NULL;
  }
  robotstxt_decision* decision = NULL;
  robotstxt_error error;
  robotstxt_status status = robotstxt_client_decide((robotstxt_client*)(uintptr_t)client, copy.data,
                                                    copy.size, agent_of(agent), &decision, &error);
  free(copy.data);
  if (status != ROBOTSTXT_OK) {
    throw_status(env, &error);
    return NULL;
  }
  jobject result = decision_object(env, decision);
  robotstxt_decision_free(decision);
  return result;
}
