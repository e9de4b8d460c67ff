import { Spinner } from './ui/spinner';

export function LoadingBlock({ text }: { text: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-slate-600">
      <Spinner label={text} />
    </div>
  );
}
