import { BUTTON } from "./ui";

/** "… Not Found" with its text and a "Go Back Home" link (place page, category page). */
export function NotFoundCard(props: { id: string; title: string; text: string; className?: string }) {
  return (
    <section
      className={`card flex flex-col items-center gap-2 p-8 text-center ${props.className ?? ""}`}
      aria-labelledby={props.id}
    >
      <h2 id={props.id} className="text-2xl font-bold">
        {props.title}
      </h2>
      <p className="text-ink-soft">{props.text}</p>
      <a href="/" className={`${BUTTON} mt-4`}>
        Go Back Home
      </a>
    </section>
  );
}
