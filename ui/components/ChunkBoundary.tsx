import { Component, type ReactNode } from "react";

/**
 * Around a part loaded on demand: when its code cannot be loaded (offline, or a tab opened before a new
 * version was deployed, whose old chunk names are gone), the part shows `fallback` instead of taking its
 * whole island down. Trying again means reloading the page, which brings the current chunk names.
 */
export class ChunkBoundary extends Component<
  { fallback: ReactNode; onError?: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError?.();
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export const reloadPage = () => location.reload();
