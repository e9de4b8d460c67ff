import type { ReactNode } from 'react';
import { Dialog } from '../components/ui/dialog';
import type { InfoTopic } from './info-dialogs';

const CONTENT: Record<InfoTopic, { title: string; body: ReactNode }> = {
  help: {
    title: 'Help',
    body: (
      <div className="grid gap-3">
        <p>
          <strong>Practise:</strong> open a course from Home, pick a question paper and press Start Exam. Your answer saves itself as you
          type.
        </p>
        <p>
          <strong>Get marked:</strong> submit an answer to see your marks and, for every point of the mark scheme, whether you covered it
          and why.
        </p>
        <p>
          <strong>Stuck?</strong> Open the tutor from the exam screen: it starts from the points you missed and gives one hint at a time.
        </p>
        <p>
          <strong>Track progress:</strong> the Progress Tracker shows your activity, mastery by topic and predicted scores.
        </p>
        <p>
          <strong>Your PDFs:</strong> upload notes on PDF Documents to ask questions about them or make a question paper.
        </p>
        <p>
          <strong>Keyboard:</strong> Tab moves between controls; F8 jumps to notifications; in the tutor, Enter sends and Shift+Enter starts
          a new line.
        </p>
      </div>
    ),
  },
  terms: {
    title: 'Terms of use',
    body: (
      <div className="grid gap-3">
        <p>
          Markwell is a practice tool. Marks and feedback are produced automatically and may differ from an examiner's judgement; use them
          to learn, not as an official grade.
        </p>
        <p>
          You keep the rights to what you write and upload. Upload only documents you are allowed to use, and do not use the service to harm
          others or its infrastructure.
        </p>
        <p>Accounts are personal. Keep your password to yourself and log out on shared computers.</p>
      </div>
    ),
  },
  privacy: {
    title: 'Privacy',
    body: (
      <div className="grid gap-3">
        <p>
          We store your e-mail address, optional name, a salted hash of your password, your answers, feedback, tutor conversations, uploaded
          documents and study time, so that the product can mark your work and show your progress. Only you can see them.
        </p>
        <p>
          When an AI provider is configured by the school or operator running Markwell, the text needed to mark or answer (a question, its
          mark scheme and your answer) is sent to that provider. Without one, everything is processed on the Markwell server itself.
        </p>
        <p>Sessions expire after 30 days without use, and logging out ends the session at once.</p>
      </div>
    ),
  },
};

/** The open dialog with its text: loaded the first time one is opened, with Radix's dialog (info-dialogs.tsx). */
export function InfoDialog({ topic, onClose }: { topic: InfoTopic | null; onClose: () => void }) {
  const content = topic ? CONTENT[topic] : null;
  return (
    <Dialog open={topic !== null} onOpenChange={(open) => !open && onClose()} title={content?.title ?? ''}>
      {content?.body}
    </Dialog>
  );
}
