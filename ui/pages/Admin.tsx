import { Shell } from "../components/Shell";
import AdminPanel from "../islands/AdminPanel";
import { Island } from "../island";

/** /admin (admin only, checked on the server by the auth guard): the analytics panel, loaded in its island. */
export function AdminPage() {
  return (
    <Shell path="/admin">
      <Island name="AdminPanel" component={AdminPanel} props={{}} />
    </Shell>
  );
}
