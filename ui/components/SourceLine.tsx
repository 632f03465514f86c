/** Where a fact or history entry comes from: its source named, linked when it is a web page, with its licence. */
export function SourceLine(props: {
  source?: { name: string; url: string | null; licence: string } | null;
  className?: string;
}) {
  const { source } = props;
  if (!source) return null;
  return (
    <p className={`text-xs text-ink-soft ${props.className ?? ""}`} data-testid="source-line">
      Source:{" "}
      {source.url ? (
        <a
          href={source.url}
          target="_blank"
          rel="noopener"
          className="underline underline-offset-2 text-primary focus-ring"
          onClick={(e) => e.stopPropagation()}
        >
          {source.name}
        </a>
      ) : (
        source.name
      )}{" "}
      · {source.licence}
    </p>
  );
}
