// Moving bytes across the WebAssembly boundary: strings in as UTF-8 (TextEncoder, written
// straight into the module's memory), views out as JavaScript strings, and the few fixed
// buffers every call reuses, so that a question allocates nothing in the module once the
// buffers have grown to fit. Everything here is single-threaded, as JavaScript is.
import * as layout from "./layout.js";

/** A failing C ABI call: `code` is its robotstxt_status, `message` the library's words. */
export class RobotstxtError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "RobotstxtError";
    this.code = code;
  }
}

// robotstxt_error rounded up to 8 bytes keeps every area after it 8-byte aligned, as the
// doubles of the structs written there need.
const kErrorSize = Math.ceil(layout.error.sizeof / 8) * 8;
const kOutSize = 16;
const kViewSize = layout.string.sizeof;
const kStructSize = 128;
// A robotstxt_string in 32-bit words: an array of them is written as HEAPU32 indexes.
const kStringWords = layout.string.sizeof >>> 2;
const kDataWord = layout.string.data >>> 2;
const kSizeWord = layout.string.size >>> 2;

export function heap(wasm) {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const fixed = wasm._malloc(kErrorSize + kOutSize + kViewSize + kStructSize);
  const error = fixed;
  const out = error + kErrorSize;
  const view = out + kOutSize;
  const struct = view + kViewSize;

  // A buffer in the module's memory that grows to the largest size asked and never
  // shrinks: the largest body parsed, the largest URL batch. `view(size)` gives a
  // Uint8Array over it, remade only when the buffer or the module's memory moved.
  function growable() {
    let at = 0;
    let capacity = 0;
    let cachedView = null;
    const reserve = (size) => {
      if (size > capacity) {
        if (at !== 0) wasm._free(at);
        capacity = Math.max(size, 2 * capacity, 256);
        at = wasm._malloc(capacity);
        cachedView = null;
        if (at === 0) {
          capacity = 0;
          throw new RobotstxtError(layout.ROBOTSTXT_OUT_OF_MEMORY, "out of WebAssembly memory");
        }
      }
      return at;
    };
    reserve.view = (size) => {
      reserve(size);
      if (cachedView === null || cachedView.buffer !== wasm.HEAPU8.buffer) {
        cachedView = wasm.HEAPU8.subarray(at, at + capacity);
      }
      return cachedView;
    };
    return reserve;
  }
  const input = growable();
  const text = growable();
  const batch = growable();
  const answers = growable();
  const lines = growable();
  const pointers = growable();
  // The string text holds now: asking about one URL for several agents encodes it once.
  // Where it is, one record for every call (a question allocates nothing in JavaScript
  // either): read by callers at once, before anything else is written.
  let lastText = null;
  const written = { at: 0, size: 0 };
  // The view of `text` the last string was written through. Growing the module's memory
  // detaches the buffer under it, which leaves it empty, so too short: it is remade.
  let textView = null;
  // The URL batch `batch` holds now, a copy (the caller's array may change).
  let lastBatch = null;
  let lastBatchAt = 0;

  // Strings as an array of robotstxt_string followed by their bytes, in `buffer`.
  function writeStringTable(buffer, texts) {
    if (!Array.isArray(texts)) throw new TypeError("expected an array of strings");
    let units = 0;
    for (const value of texts) {
      if (typeof value !== "string") throw new TypeError("expected an array of strings");
      units += value.length;
    }
    const view = buffer.view(layout.string.sizeof * texts.length + 3 * units + 1);
    const at = view.byteOffset;
    const first = layout.string.sizeof * texts.length;
    const heapU32 = wasm.HEAPU32;
    const table = at >>> 2;
    // All in one encoding when every string is ASCII (as many bytes as code units
    // come out): the offsets are then the strings' lengths.
    const joined = texts.join("");
    if (encoder.encodeInto(joined, view.subarray(first)).written === joined.length) {
      let cursor = at + first;
      for (let i = 0; i < texts.length; ++i) {
        heapU32[table + kStringWords * i + kDataWord] = cursor;
        heapU32[table + kStringWords * i + kSizeWord] = texts[i].length;
        cursor += texts[i].length;
      }
      return at;
    }
    let offset = first;
    for (let i = 0; i < texts.length; ++i) {
      const { written } = encoder.encodeInto(texts[i], view.subarray(offset));
      heapU32[table + kStringWords * i + kDataWord] = at + offset;
      heapU32[table + kStringWords * i + kSizeWord] = written;
      offset += written;
    }
    return at;
  }

  function sameStrings(kept, texts) {
    if (kept.length !== texts.length) return false;
    for (let i = 0; i < texts.length; ++i) {
      if (kept[i] !== texts[i]) return false;
    }
    return true;
  }

  const bytes = () => wasm.HEAPU8;
  const u32 = (at) => wasm.HEAPU32[at >>> 2];
  const i32 = (at) => wasm.HEAP32[at >>> 2];
  const f64 = (at) => wasm.HEAPF64[at >>> 3];

  function readString(at) {
    const data = u32(at + layout.string.data);
    const size = u32(at + layout.string.size);
    if (size === 0) return "";
    return decoder.decode(wasm.HEAPU8.subarray(data, data + size));
  }

  return {
    error,
    bytes,
    u32,
    i32,
    f64,
    readString,
    outPointer: () => out,
    scratchStruct: (size) => {
      if (size > kStructSize) throw new RangeError("struct larger than the scratch area");
      return struct;
    },
    scratchBytes: (count) => answers(Math.max(count, 1)),
    scratchLines: (count) => lines(4 * Math.max(count, 1)),
    scratchPointers: (count) => pointers(4 * Math.max(count, 1)),
    u32Array: () => wasm.HEAPU32,

    // A function that returns a robotstxt_string: wasm32 returns it through a pointer
    // passed first.
    readView(fn, ...args) {
      fn(view, ...args);
      return readString(view);
    },

    /**
     * Writes a string as UTF-8; returns {at, size}, its address and byte count, in a
     * record the next call overwrites.
     */
    writeString(value) {
      // The same string as last time (one URL asked for several agents in a row) is
      // already there: no encoding. Only this function moves `text`.
      if (value === lastText) return written;
      if (typeof value !== "string") throw new TypeError("expected a string");
      // UTF-16 to UTF-8 is at most 3 bytes per code unit.
      const size = 3 * value.length + 1;
      let view = textView;
      if (view === null || view.length < size) {
        // Growing may free the buffer and throw: then nothing is written there.
        lastText = null;
        textView = null;
        view = textView = text.view(size);
      }
      written.at = view.byteOffset;
      written.size = encoder.encodeInto(value, view).written;
      lastText = value;
      return written;
    },

    /** Copies bytes into the module; returns [address, byte count]. */
    writeBytes(source) {
      const view = input.view(source.length + 1);
      view.set(source);
      return [view.byteOffset, source.length];
    },

    /** Writes strings as an array of robotstxt_string followed by their bytes. */
    writeStrings: (texts) => writeStringTable(input, texts),

    /**
     * writeStrings() for a batch of URLs, in a buffer of its own that keeps the last
     * batch: asking about the same URLs for another agent encodes them once.
     */
    writeBatch(texts) {
      if (lastBatch !== null && sameStrings(lastBatch, texts)) return lastBatchAt;
      lastBatch = null;
      lastBatchAt = writeStringTable(batch, texts);
      lastBatch = texts.slice();
      return lastBatchAt;
    },

    /** Throws the error a non-zero robotstxt_status describes. */
    check(status) {
      if (status === 0) return;
      const start = error + layout.error.message;
      const limit = start + layout.error.message_capacity;
      const end = wasm.HEAPU8.indexOf(0, start);
      const message = decoder.decode(
        wasm.HEAPU8.subarray(start, end < 0 || end > limit ? limit : end),
      );
      throw new RobotstxtError(status, message || `robotstxt status ${status}`);
    },
  };
}
