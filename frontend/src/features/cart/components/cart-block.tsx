import { useEffect, useRef, useState, type Ref } from "react";
import { useAuth } from "../../../lib/auth";
import { lineKey, useCart, useQuote, type CartLine, type QuoteItem } from "../../../lib/cart";
import { useLocale, useTranslation } from "../../../lib/i18n";
import { shopPath } from "../../../lib/routes";
import { ButtonLink } from "../../../ui/button-link";
import { Confirm } from "../../../ui/confirm";
import { CloseIcon } from "../../../ui/icons";
import { useFocusAfterRender } from "../../../ui/use-focus-after-render";
import { CartLineView, keepButtonId, lineName, removeButtonId } from "./cart-line";
import { CartSummary } from "./cart-summary";

const CLEAR_ID = "cart-clear";
const CLEAR_KEEP_ID = "cart-clear-keep";
/** `confirming` while the question "empty the whole cart?" is open. */
const CLEAR = "clear";

/**
 * While the browser restores the cart (and on the server, which has no cart): a quiet skeleton,
 * or — when the head's script found no cart cookie (`data-cart="empty"` on the page) — the empty
 * cart at once, as it will be once restored (cart.css shows one of the two).
 */
function CartSkeleton() {
  const { t } = useTranslation();
  return (
    <section className="block block-cart" aria-busy="true" aria-label={t("cart.loading")}>
      <div className="cart-skeleton">
        <span className="skeleton skeleton--title" />
        <span className="skeleton" />
        <span className="skeleton skeleton--short" />
      </div>
      <EmptyCart className="cart-empty cart-empty--no-cookie" />
    </section>
  );
}

function EmptyCart({ className, ref }: { className: string; ref?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div ref={ref} className={className} tabIndex={-1}>
      <p className="cart-empty__text">{t("cart.empty")}</p>
      <ButtonLink to={shopPath(locale)}>{t("cart.toShop")}</ButtonLink>
    </div>
  );
}

/**
 * The cart page's block: the lines with quantities, prices from the server's quote, remove and
 * empty (each after a yes/no question), the summary and the way on to checkout.
 */
export function CartBlock() {
  const { t } = useTranslation();
  const cart = useCart();
  const { status: session } = useAuth();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);
  const focus = useFocusAfterRender();
  const hasLines = cart.lines.length > 0;
  const quote = useQuote(cart.lines, cart.country, session, cart.status === "ready" && session !== "unknown");
  const countries = quote.quote?.countries ?? [];
  const { dropVariants } = cart;

  // Lines the server no longer knows go, with the notice (only the current lines' quote says so).
  const dropped = quote.current?.dropped;
  useEffect(() => {
    if (dropped?.length) dropVariants(dropped.map((line) => line.variantId));
  }, [dropped, dropVariants]);

  if (cart.status === "unknown") return <CartSkeleton />;

  const priced = new Map<string, QuoteItem>((quote.quote?.items ?? []).map((item) => [lineKey(item), item]));
  const nameOf = (line: CartLine) => {
    const item = priced.get(lineKey(line));
    return item ? lineName(item) : t("cart.product");
  };
  const afterRemoval = (text: string | null, left: number) => {
    setConfirming(null);
    if (left === 0) {
      setMessage(null);
      focus(emptyRef);
    } else {
      setMessage(text);
      focus(messageRef);
    }
  };
  const remove = (line: CartLine) => {
    cart.remove(line);
    afterRemoval(t("cart.removed", { product: nameOf(line) }), cart.lines.length - 1);
  };

  return (
    <section className="block block-cart">
      {/* Always in the page, so the notice is announced when it appears. */}
      <div className="cart-notice-region" role="status">
        {cart.notice ? (
          <div className="cart-notice">
            <p>{t("cart.notice")}</p>
            <button type="button" className="cart-notice__close" aria-label={t("cart.closeNotice")} onClick={cart.dismissNotice}>
              <CloseIcon size={20} />
            </button>
          </div>
        ) : null}
      </div>
      {message ? (
        <p ref={messageRef} className="cart-message" tabIndex={-1}>
          {message}
        </p>
      ) : null}
      {hasLines ? (
        <div className="cart-layout">
          <div className="cart-layout__lines">
            <ul className="cart-lines" aria-label={t("cart.lines")} aria-busy={quote.busy || undefined}>
              {cart.lines.map((line, index) => {
                const key = lineKey(line);
                return (
                  <CartLineView
                    key={key}
                    line={line}
                    index={index}
                    priced={priced.get(key)}
                    confirming={confirming === key}
                    onQuantity={(quantity) => cart.setQuantity(line, quantity)}
                    onAskRemove={() => {
                      setMessage(null);
                      setConfirming(key);
                      focus(keepButtonId(index));
                    }}
                    onKeep={() => {
                      setConfirming(null);
                      focus(removeButtonId(index));
                    }}
                    onRemove={() => remove(line)}
                  />
                );
              })}
            </ul>
            {confirming === CLEAR ? (
              <Confirm
                question={t("cart.confirmClear")}
                yes={t("cart.yesClear")}
                no={t("cart.noKeep")}
                noId={CLEAR_KEEP_ID}
                onYes={() => {
                  cart.clear();
                  afterRemoval(null, 0);
                }}
                onNo={() => {
                  setConfirming(null);
                  focus(CLEAR_ID);
                }}
              />
            ) : (
              <button
                id={CLEAR_ID}
                type="button"
                className="cart-clear"
                onClick={() => {
                  setMessage(null);
                  setConfirming(CLEAR);
                  focus(CLEAR_KEEP_ID);
                }}
              >
                {t("cart.clear")}
              </button>
            )}
          </div>
          <CartSummary quote={quote} countries={countries} country={cart.country} onCountry={cart.setCountry} />
        </div>
      ) : (
        <EmptyCart ref={emptyRef} className="cart-empty" />
      )}
    </section>
  );
}
