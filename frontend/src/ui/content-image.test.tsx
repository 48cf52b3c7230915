import { render } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { ContentImage, type PublishedImage } from "./content-image";

const plain: PublishedImage = { src: "/media/images/strand.webp", alt: "Strand", width: 800, height: 600 };
const base = "/media/library/7/2-ab12cd34";
const library: PublishedImage = {
  src: `${base}/original.jpg`,
  alt: "Kind in zwempak",
  width: 1000,
  height: 700,
  media: 7,
  srcset: `${base}/320.webp 320w, ${base}/1000.webp 1000w`,
  sizes: "(min-width: 1280px) 1280px, 100vw",
  sources: [
    { type: "image/avif", srcset: `${base}/320.avif 320w, ${base}/1000.avif 1000w` },
    { type: "image/webp", srcset: `${base}/320.webp 320w, ${base}/1000.webp 1000w` },
  ],
};

describe("a content image", () => {
  test("a fixture image is one img with its size, lazy, without variants", () => {
    const { container } = render(<ContentImage image={plain} />);
    const img = container.firstElementChild;
    expect(img?.tagName).toBe("IMG");
    expect(Object.fromEntries([...(img?.attributes ?? [])].map((a) => [a.name, a.value]))).toEqual({
      src: "/media/images/strand.webp",
      alt: "Strand",
      width: "800",
      height: "600",
      loading: "lazy",
      decoding: "async",
    });
  });

  test("a library image offers AVIF, then WebP, at every width, with the original as fallback", () => {
    const { container } = render(<ContentImage image={library} eager />);
    const sources = [...container.querySelectorAll("picture > source")];
    expect(sources.map((source) => [source.getAttribute("type"), source.getAttribute("srcset"), source.getAttribute("sizes")])).toEqual([
      ["image/avif", `${base}/320.avif 320w, ${base}/1000.avif 1000w`, library.sizes],
      ["image/webp", `${base}/320.webp 320w, ${base}/1000.webp 1000w`, library.sizes],
    ]);
    const img = container.querySelector("picture > img");
    expect(img?.getAttribute("src")).toBe(`${base}/original.jpg`);
    expect(img?.getAttribute("srcset")).toBe(library.srcset);
    expect(img?.getAttribute("sizes")).toBe(library.sizes);
    expect([img?.getAttribute("width"), img?.getAttribute("height"), img?.getAttribute("alt")]).toEqual(["1000", "700", "Kind in zwempak"]);
  });
});
