import { Shell } from "../components/Shell";
import FavoritesView from "../islands/FavoritesView";
import { Island } from "../island";

/** /favorites: the saved items in five tabs (loaded in the island: 'Loading favorites...'). */
export function FavoritesPage() {
  return (
    <Shell path="/favorites" wide>
      <Island className="ls-columns" name="FavoritesView" component={FavoritesView} props={{}} />
    </Shell>
  );
}
