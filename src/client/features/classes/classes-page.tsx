import { PageHeader } from '../../components/page-header';
import { LoadingBlock } from '../../components/loading-block';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useClasses } from './api/classes';
import { ClassList } from './components/class-list';
import { CreateClassForm } from './components/create-class-form';
import { JoinClassForm } from './components/join-class-form';

/** /classes: the classes I teach, the classes I am in, and the forms to create or join one. */
export function ClassesPage() {
  useDocumentTitle('Classes');
  const classes = useClasses();

  let lists;
  if (classes.isPending) lists = <LoadingBlock text="Loading classes..." />;
  else if (classes.isError)
    lists = (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-700">
        Your classes could not be loaded.{' '}
        <Button variant="link" className="h-auto p-0 text-red-800 underline" onClick={() => void classes.refetch()}>
          Try again
        </Button>
      </div>
    );
  else
    lists = (
      <div className="grid gap-8">
        <ClassList
          title="Classes I teach"
          classes={classes.data.teaching}
          empty="You don't teach a class yet. Create one and give your students its code."
        />
        <ClassList
          title="Classes I'm in"
          classes={classes.data.studying}
          empty="You're not in a class yet. Ask your teacher for a join code."
        />
      </div>
    );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title="Classes" description="Teach a class: set papers and follow its markbook. Or join your teacher's class." />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0">{lists}</div>
        <div className="grid content-start gap-6">
          <JoinClassForm />
          <CreateClassForm />
        </div>
      </div>
    </div>
  );
}
