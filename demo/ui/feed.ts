// A tiny observable list for what is not cache data: the action log and the toasts.
import { useSyncExternalStore } from 'react';

/** A bounded, newest-first list that components read with `useFeed`. */
export class Feed<T> {
  private items: readonly T[] = [];
  private listeners = new Set<() => void>();
  private scheduled = false;

  constructor(private readonly limit: number) {}

  /** Adds an item at the top; listeners hear of it after the current dispatch (never during a render). */
  push(item: T): void {
    this.items = [item, ...this.items].slice(0, this.limit);
    this.notify();
  }

  /** Removes the items that `keep` rejects. */
  filter(keep: (item: T) => boolean): void {
    this.items = this.items.filter(keep);
    this.notify();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly T[] => this.items;

  private notify(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      for (const listener of this.listeners) listener();
    });
  }
}

/** The feed's items; re-renders when they change. */
export function useFeed<T>(feed: Feed<T>): readonly T[] {
  return useSyncExternalStore(feed.subscribe, feed.getSnapshot);
}
