package io.github.robotstxt;

import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.LongConsumer;

/**
 * A native handle that any number of threads may use at once and that is freed once:
 * by close(), which waits for calls under way, or by the Cleaner when the owner became
 * unreachable without close(). Use after close() throws IllegalStateException.
 */
final class Handle implements Runnable {
  private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
  private final LongConsumer free;
  private final String what;
  private long value;

  Handle(long value, LongConsumer free, String what) {
    this.value = value;
    this.free = free;
    this.what = what;
  }

  /** Takes the handle for one call; release with done(). */
  long use() {
    lock.readLock().lock();
    if (value == 0) {
      lock.readLock().unlock();
      throw new IllegalStateException(what + " is closed");
    }
    return value;
  }

  void done() {
    lock.readLock().unlock();
  }

  /** Frees the handle (close() and the Cleaner both come here). */
  @Override
  public void run() {
    lock.writeLock().lock();
    try {
      if (value != 0) {
        free.accept(value);
        value = 0;
      }
    } finally {
      lock.writeLock().unlock();
    }
  }
}
