/** Favorites on the category page: the saved ids as a set; a toggle adds or removes by that set (section 4). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { addFavorite, favoritesQuery, removeFavorite, type Favorite, type FavoriteType } from "../queries";
import { showToastAtom } from "../state";

export interface SaveRequest {
  itemType: FavoriteType;
  itemId: string;
  itemData: Record<string, unknown>;
}

/**
 * One key per saved thing. A place saved under any place-like type (the dialog saves "place", the food page
 * "restaurant") is one favorite on the server (docs/product.md#favorites), so its heart reads the place id.
 */
const PLACE_TYPES = new Set(["place", "restaurant", "activity", "store"]);
const keyOf = (type: string, id: string) => {
  const place = PLACE_TYPES.has(type) ? /-(\d{1,12})$/.exec(id) : null;
  return place ? `place\u0000${Number(place[1])}` : `${type}\u0000${id}`;
};

export function useSavedItems() {
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);
  const list = favoritesQuery();
  const { data = [] } = useQuery(list);
  const saved = new Set(data.map((f) => keyOf(f.itemType, f.itemId)));
  const toggle = useMutation({
    mutationFn: async (item: SaveRequest) => {
      const present = saved.has(keyOf(item.itemType, item.itemId));
      if (present) await removeFavorite(item.itemType, item.itemId);
      else await addFavorite(item.itemType, item.itemId, JSON.stringify(item.itemData));
      return { item, added: !present };
    },
    onSuccess: ({ item, added }) => {
      queryClient.setQueryData<Favorite[]>(list.queryKey, (old = []) =>
        added
          ? [
              {
                id: -Date.now(),
                itemType: item.itemType,
                itemId: item.itemId,
                itemData: JSON.stringify(item.itemData),
                createdAt: new Date().toISOString(),
              },
              ...old,
            ]
          : old.filter((f) => keyOf(f.itemType, f.itemId) !== keyOf(item.itemType, item.itemId)),
      );
      void queryClient.invalidateQueries({ queryKey: ["favorites"] });
      showToast(
        added
          ? { title: "Added to Favorites", description: "Item saved to your favorites!" }
          : { title: "Removed from Favorites", description: "Item removed from favorites." },
      );
    },
    onError: (_error, item) => {
      const removing = saved.has(keyOf(item.itemType, item.itemId));
      showToast({
        title: "Error",
        description: removing ? "Failed to remove from favorites" : "Failed to add to favorites",
        variant: "destructive",
      });
    },
  });
  return {
    isSaved: (type: FavoriteType, id: string) => saved.has(keyOf(type, id)),
    toggle: (item: SaveRequest) => {
      if (!toggle.isPending) toggle.mutate(item);
    },
    pendingId: toggle.isPending ? toggle.variables?.itemId : undefined,
  };
}
