import { Suspense, type ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

/**
 * A chart with its text alternative: a visible caption summing it up and a visually hidden table of the
 * numbers. The drawing is hidden from assistive tech (it says nothing the table does not).
 */
export function ChartFigure({
  title,
  caption,
  columns,
  rows,
  children,
}: {
  title: string;
  caption: string;
  columns: string[];
  rows: (string | number)[][];
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <figure className="m-0 min-w-0">
          <div aria-hidden className="h-60 w-full min-w-0">
            <Suspense fallback={<Skeleton className="h-full w-full" />}>{children}</Suspense>
          </div>
          <figcaption className="mt-3 text-sm text-slate-600">{caption}</figcaption>
          {/* a div, not the table, is visually hidden: a table would not shrink to 1 px and would widen the page */}
          <div className="sr-only">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={String(row[0])}>
                    {row.map((cell, i) =>
                      i === 0 ? (
                        <th key={i} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={i}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      </CardContent>
    </Card>
  );
}
