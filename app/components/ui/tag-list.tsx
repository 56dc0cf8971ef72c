/** A row of rounded tags (categories, skills, audiences...): a list, so screen readers count them. */
export function TagList({ items }: { items: string[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-muted px-3 py-1 text-sm">
          {item}
        </li>
      ))}
    </ul>
  );
}
