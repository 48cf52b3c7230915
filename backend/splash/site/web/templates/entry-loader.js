{#- The SPA's entry and its imports are asked for after the page's first contentful paint: on a
    slow connection the HTML's text, styles and images get the bandwidth first, and the page
    (readable, its links working) hydrates right after. A hidden tab, or a browser without paint
    timing, starts at once; a page that paints nothing contentful starts after 3 s. -#}
(function (d) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    {{ modules | tojson }}.forEach(function (href) {
      var link = d.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      d.head.appendChild(link);
    });
    var entry = d.createElement("script");
    entry.type = "module";
    entry.src = {{ spa.script | tojson }};
    d.head.appendChild(entry);
  }
  function afterPaint() {
    var observer = window.PerformanceObserver;
    if (d.hidden || !observer || observer.supportedEntryTypes.indexOf("paint") < 0) return start();
    // "paint" entries are first-paint (a background may be all) and first-contentful-paint.
    new observer(function (list) {
      list.getEntries().forEach(function (entry) {
        if (entry.name === "first-contentful-paint") start();
      });
    }).observe({ type: "paint", buffered: true });
    setTimeout(start, 3000);
  }
  if (d.readyState === "loading") d.addEventListener("DOMContentLoaded", afterPaint);
  else afterPaint();
})(document);
