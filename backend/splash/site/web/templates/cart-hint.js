{#- Before the page first paints: no cart cookie is an empty cart (the cart writes none for no
    lines), so the cart page's skeleton shows the empty cart at once instead of waiting for the
    app (features/cart's CartSkeleton, cart.css). -#}
if (!/(?:^|;\s*)cart=/.test(document.cookie)) document.documentElement.setAttribute("data-cart", "empty");
