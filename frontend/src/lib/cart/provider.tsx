import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { FeedbackSlotProvider } from "./feedback-slot";
import { itemCount } from "./rules";
import { UNKNOWN_CART, type CartState, type CartStore } from "./store";

const CartContext = createContext<CartStore | null>(null);

/** Provides the cart store and starts it once the page is hydrated: no render reads the cookie. */
export function CartProvider({ store, children }: { store: CartStore; children: ReactNode }) {
  useEffect(() => {
    store.start();
  }, [store]);
  return (
    <CartContext.Provider value={store}>
      <FeedbackSlotProvider>{children}</FeedbackSlotProvider>
    </CartContext.Provider>
  );
}

function useCartStore(): CartStore {
  const store = useContext(CartContext);
  if (!store) throw new Error("The cart needs a <CartProvider>");
  return store;
}

export type Cart = CartState & Omit<CartStore, "getState" | "subscribe" | "start">;

/** The cart: "unknown" and empty on the server and while hydrating, then the visitor's lines. */
export function useCart(): Cart {
  const store = useCartStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, () => UNKNOWN_CART);
  return useMemo(
    () => ({
      ...state,
      add: store.add,
      remove: store.remove,
      setQuantity: store.setQuantity,
      clear: store.clear,
      setCountry: store.setCountry,
      dropVariants: store.dropVariants,
      dismissNotice: store.dismissNotice,
      dismissFeedback: store.dismissFeedback,
    }),
    [state, store],
  );
}

/** The number of items (sum of the quantities) for the header badge: 0 on the server. */
export function useCartCount(): number {
  const store = useCartStore();
  return useSyncExternalStore(
    store.subscribe,
    () => itemCount(store.getState().lines),
    () => 0,
  );
}
