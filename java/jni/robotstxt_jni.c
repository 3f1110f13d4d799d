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
  jclass verdict_class = (*env)->FindClass(env, "io/github/robotstxt/Verdict");
  if (verdict_class == NULL) {
    return NULL;
  }
  jmethodID of = (*env)->GetStaticMethodID(env, verdict_class, "of",
                                           "(ZIZ[B[B[B[B)Lio/github/robotstxt/Verdict;");
  if (of == NULL) {
    return NULL;
  }
  (void)cls;
  jbyteArray written = array_from(env, verdict.written);
  jbyteArray applied = array_from(env, robotstxt_applied_groups_name(verdict.applied));
  jbyteArray crawler_rule =
      verdict.crawler_rule == ROBOTSTXT_CRAWLER_RULE_NONE
          ? NULL
          : array_from(env, robotstxt_crawler_rule_name(verdict.crawler_rule));
  jbyteArray crawler_token = array_from(env, verdict.crawler_token);
  if ((*env)->ExceptionCheck(env)) {
    return NULL;
  }
  return (*env)->CallStaticObjectMethod(
      env, verdict_class, of, verdict.allowed == 1 ? JNI_TRUE : JNI_FALSE, (jint)verdict.line,
      verdict.line != 0 && verdict.kind == ROBOTSTXT_RULE_DISALLOW ? JNI_TRUE : JNI_FALSE, written,
      applied, crawler_rule, crawler_token);
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
