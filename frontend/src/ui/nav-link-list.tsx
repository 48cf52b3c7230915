import { Link } from "./link";

export type NavItem = { id: number; title: string; path: string; items?: NavItem[] };

type Props = { items: NavItem[]; label: string; className?: string; onNavigate?: () => void; nested?: boolean };

function ItemLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  if (/^(https?:|mailto:|tel:)/.test(item.path)) return <a href={item.path}>{item.title}</a>;
  return (
    <Link to={item.path} onClick={onNavigate}>
      {item.title}
    </Link>
  );
}

/** A navigation menu as a labelled list of links; nested items become sub-lists. */
export function NavLinkList({ items, label, className, onNavigate, nested = true }: Props) {
  return (
    <nav aria-label={label} className={className}>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <ItemLink item={item} onNavigate={onNavigate} />
            {nested && item.items && item.items.length > 0 ? (
              <ul>
                {item.items.map((child) => (
                  <li key={child.id}>
                    <ItemLink item={child} onNavigate={onNavigate} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
