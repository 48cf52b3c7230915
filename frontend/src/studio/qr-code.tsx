/**
 * A QR code drawn as SVG: one path of dark squares, from uqr's matrix (a small encoder without
 * dependencies; the studio needs only the matrix). Scanned by an authenticator app at set-up.
 */
import { encode } from "uqr";

export function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  const squares = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ""))).join("");
  return (
    <svg className="studio-qr" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} width={size * 5} height={size * 5} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={squares} fill="#000" />
    </svg>
  );
}
