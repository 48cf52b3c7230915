/** The routes (contracts/routes.json, kind "app") whose screens this feature renders. */
export const ORDER_ROUTES = ["order-payment", "order"] as const;

export type OrderRouteName = (typeof ORDER_ROUTES)[number];

export function isOrderRoute(name: string): name is OrderRouteName {
  return (ORDER_ROUTES as readonly string[]).includes(name);
}
