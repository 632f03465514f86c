/** The product's 'Loading...' with a spinner, for the moments the client does not know the sign-in state yet. */
export function LoadingScreen(props: { overlay?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-screen"
      style={props.overlay ? { background: "color-mix(in srgb, var(--ls-page) 94%, transparent)" } : undefined}
      className={`${props.overlay ? "fixed inset-0 z-[70]" : "min-h-[50vh]"} flex flex-col items-center justify-center gap-3 text-ink`}
    >
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-line border-t-primary motion-reduce:animate-none"
      />
      <span className="font-medium">Loading...</span>
    </div>
  );
}
