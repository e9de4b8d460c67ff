import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { DropdownMenu } from 'radix-ui';
import { CircleHelp, GraduationCap, LogOut, Menu, User as UserIcon, X } from 'lucide-react';
import type { User } from '../../shared/auth';
import { Button } from '../components/ui/button';
import { Tooltip } from '../components/ui/tooltip';
import { cn } from '../lib/cn';
import { useOpenInfo } from './info-dialogs';

const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/progress', label: 'Progress Tracker' },
  { href: '/analytics', label: 'Advanced Analytics' },
  { href: '/pdf-documents', label: 'PDF Documents' },
  { href: '/teacher-grading', label: 'Teacher Grading' },
];

function Logo() {
  return (
    <Link href="/" className="flex items-center gap-2 font-bold text-slate-900" aria-label="Markwell home">
      <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white">
        <GraduationCap aria-hidden className="size-5" />
      </span>
      <span className="text-lg">Markwell</span>
    </Link>
  );
}

function HelpButton() {
  const openInfo = useOpenInfo();
  return (
    <Tooltip content="How Markwell works">
      <Button variant="ghost" size="sm" onClick={() => openInfo('help')}>
        <CircleHelp aria-hidden /> Help
      </Button>
    </Tooltip>
  );
}

function UserMenu({ user, onLogOut }: { user: User; onLogOut: () => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" aria-label="Account menu">
          <UserIcon aria-hidden />
          <span className="max-w-[10rem] truncate">{user.username}</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-[14rem] rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="px-3 py-2">
            <p className="text-sm font-semibold text-slate-900">{user.username}</p>
            {user.email ? <p className="truncate text-xs text-slate-500">{user.email}</p> : null}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            onSelect={onLogOut}
            className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100"
          >
            <LogOut aria-hidden className="size-4" /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function Header({ user, onLogOut }: { user: User | null; onLogOut: () => void }) {
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const isActive = (href: string) => (href === '/' ? location === '/' : location.startsWith(href));
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Logo />
        {user ? (
          <nav aria-label="Main" className="ml-4 hidden items-center gap-1 xl:flex">
            {NAV_LINKS.map((link) => (
              <Link
                key={link.href}
                href={link.href}
                aria-current={isActive(link.href) ? 'page' : undefined}
                className={cn(
                  'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                  isActive(link.href) && 'bg-brand-50 text-brand-700',
                )}
              >
                {link.label}
              </Link>
            ))}
          </nav>
        ) : null}
        <div className="ml-auto flex items-center gap-2">
          <HelpButton />
          {user ? (
            <>
              <div className="hidden sm:block">
                <UserMenu user={user} onLogOut={onLogOut} />
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="xl:hidden"
                aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                aria-expanded={menuOpen}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
              </Button>
            </>
          ) : (
            <Button asChild size="sm">
              <Link href="/auth">Log in</Link>
            </Button>
          )}
        </div>
      </div>
      {user && menuOpen ? (
        <nav aria-label="Main (mobile)" className="border-t border-slate-200 bg-white px-4 py-2 xl:hidden">
          {NAV_LINKS.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              onClick={() => setMenuOpen(false)}
              className="block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              {link.label}
            </Link>
          ))}
          <div className="mt-2 border-t border-slate-200 px-3 pt-3 pb-1 sm:hidden">
            <p className="text-sm font-semibold text-slate-900">{user.username}</p>
            {user.email ? <p className="text-xs text-slate-500">{user.email}</p> : null}
            <Button variant="outline" size="sm" className="mt-2" onClick={onLogOut}>
              <LogOut aria-hidden /> Log out
            </Button>
          </div>
        </nav>
      ) : null}
    </header>
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
          <button type="button" className={linkClass} onClick={() => openInfo('terms')}>Terms</button>
          <button type="button" className={linkClass} onClick={() => openInfo('privacy')}>Privacy</button>
          <button type="button" className={linkClass} onClick={() => openInfo('help')}>Help</button>
        </nav>
      </div>
    </footer>
  );
}

export function Layout({ user, onLogOut, children }: { user: User | null; onLogOut: () => void; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <Header user={user} onLogOut={onLogOut} />
      <main className="flex-1">{children}</main>
      <Footer />
    </div>
  );
}
