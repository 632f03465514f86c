import { Shell } from "../components/Shell";
import ChatView from "../islands/ChatView";
import { Island } from "../island";
import type { SelectedCity } from "../state";

/** /chat: the AI travel assistant (docs/decisions/018-chat.md). One island; its code loads only on this page. */
export function ChatPage(props: { city: SelectedCity }) {
  return (
    <Shell path="/chat">
      <Island name="ChatView" component={ChatView} props={{ city: props.city }} />
    </Shell>
  );
}
