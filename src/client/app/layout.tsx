import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { CircleHelp, GraduationCap } from 'lucide-react';
import { Button } from '../components/ui/button';
import { useOpenInfo } from './info-dialogs';

export const HELP_TOOLTIP = 'How Markwell works';

export function Logo() {
  return (
    <Link href="/" className="flex items-center gap-2 font-bold text-slate-900" aria-label="Markwell home">
      <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white">
        <GraduationCap aria-hidden className="size-5" />
      </span>
      <span className="text-lg">Markwell</span>
    </Link>
  );
}

type TooltipModule = typeof import('../components/ui/tooltip');
let tooltipModule: TooltipModule | null = null;

/**
 * The logged-out header's Help button. Its tooltip (Radix, with floating-ui) is fetched when the
 * pointer or the keyboard first reaches the button, not with the landing page; focus stays on the
 * button while the plain button is swapped for the one with a tooltip.
 */
function PublicHelpButton() {
  const openInfo = useOpenInfo();
  const [tooltip, setTooltip] = useState<TooltipModule | null>(tooltipModule);
  const hadFocus = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    if (tooltip && hadFocus.current) button.current?.focus();
  }, [tooltip]);

  const help = (
    <Button
      ref={button}
      variant="ghost"
      size="sm"
      onClick={() => openInfo('help')}
      onPointerEnter={tooltip ? undefined : () => void loadTooltip()}
      onFocus={tooltip ? undefined : () => void loadTooltip()}
    >
      <CircleHelp aria-hidden /> Help
    </Button>
  );

  async function loadTooltip() {
    tooltipModule ??= await import('../components/ui/tooltip');
    hadFocus.current = document.activeElement === button.current;
    setTooltip(tooltipModule);
  }

  if (!tooltip) return help;
  return (
    <tooltip.TooltipProvider>
      <tooltip.Tooltip content={HELP_TOOLTIP}>{help}</tooltip.Tooltip>
    </tooltip.TooltipProvider>
  );
}

function Footer() {
  const openInfo = useOpenInfo();
  const linkClass = 'text-slate-500 underline-offset-4 hover:text-slate-900 hover:underline';
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-500 sm:flex-row">
        <p>© {new Date().getFullYear()} Markwell. All rights reserved.</p>
        <nav aria-label="Footer" className="flex gap-4">
          <button type="button" className={linkClass} onClick={() => openInfo('terms')}>
            Terms
          </button>
          <button type="button" className={linkClass} onClick={() => openInfo('privacy')}>
            Privacy
          </button>
          <button type="button" className={linkClass} onClick={() => openInfo('help')}>
            Help
          </button>
        </nav>
      </div>
    </footer>
  );
}

/** The header a logged-out visitor sees: the logo, Help and Log in. */
export function PublicHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Logo />
        <div className="ml-auto flex items-center gap-2">
          <PublicHelpButton />
          <Button asChild size="sm">
            <Link href="/auth">Log in</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}

/** Every page's frame: a header (public, or the signed-in app's), the page, the footer. */
export function Layout({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      {/* The first stop of the Tab key, past the header to the page: plain markup, its look in styles.css (it ships with /auth). */}
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      {header}
      {/* At least a screen tall: the footer starts below the fold, so a page whose data arrives late
          grows without pushing a visible footer down (layout shift, Lighthouse CLS). */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100vh-4rem)] flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}
