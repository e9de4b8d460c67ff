import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { DropdownMenu } from 'radix-ui';
import { Check, CircleHelp, KeyRound, LogOut, Menu, User as UserIcon, X } from 'lucide-react';
import type { User } from '../../shared/auth';
import { Button } from '../components/ui/button';
import { Tooltip } from '../components/ui/tooltip';
import { cn } from '../lib/cn';
import { parseThemeChoice, THEME_CHOICES, THEME_LABELS, useThemeChoice } from '../lib/theme';
import { useOpenInfo } from './info-dialogs';
import { HELP_TOOLTIP, Logo } from './layout';

const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/progress', label: 'Progress Tracker' },
  { href: '/analytics', label: 'Advanced Analytics' },
  { href: '/pdf-documents', label: 'PDF Documents' },
  { href: '/teacher-grading', label: 'Teacher Grading' },
  { href: '/review', label: 'Review' },
  { href: '/disputes', label: 'Disputes' },
  { href: '/classes', label: 'Classes' },
];

function HelpButton() {
  const openInfo = useOpenInfo();
  return (
    <Tooltip content={HELP_TOOLTIP}>
      <Button variant="ghost" size="sm" onClick={() => openInfo('help')}>
        <CircleHelp aria-hidden /> Help
      </Button>
    </Tooltip>
  );
}

/** "Theme: System / Light / Dark" in the account menu: menu radio items, kept on this device (lib/theme.ts). */
function ThemeMenuItems() {
  const [choice, setChoice] = useThemeChoice();
  return (
    <DropdownMenu.RadioGroup aria-label="Theme" value={choice} onValueChange={(value) => setChoice(parseThemeChoice(value))}>
      <DropdownMenu.Label className="px-3 pt-1 pb-1 text-xs font-medium text-slate-600">Theme</DropdownMenu.Label>
      {THEME_CHOICES.map((option) => (
        <DropdownMenu.RadioItem
          key={option}
          value={option}
          className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600"
        >
          <span className="flex size-4 items-center justify-center">
            <DropdownMenu.ItemIndicator>
              <Check aria-hidden className="size-4" />
            </DropdownMenu.ItemIndicator>
          </span>
          {THEME_LABELS[option]}
        </DropdownMenu.RadioItem>
      ))}
    </DropdownMenu.RadioGroup>
  );
}

function UserMenu({ user, onLogOut }: { user: User; onLogOut: () => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" aria-label="Account menu">
          <UserIcon aria-hidden />
          {/* From 1280 px the full navigation shares the row: the name waits for 1536 px (it is in the menu either way). */}
          <span className="max-w-[10rem] truncate xl:hidden 2xl:inline">{user.username}</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-[14rem] rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <p className="text-sm font-semibold text-slate-900">{user.username}</p>
            {user.email ? <p className="truncate text-xs text-slate-500">{user.email}</p> : null}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            asChild
            className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600"
          >
            <Link href="/account">
              <KeyRound aria-hidden className="size-4" /> Account
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <ThemeMenuItems />
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            onSelect={onLogOut}
            className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600"
          >
            <LogOut aria-hidden className="size-4" /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The signed-in header: the main navigation, Help, the account menu and, on small screens, a menu button. */
export function SignedInHeader({ user, onLogOut }: { user: User; onLogOut: () => void }) {
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const isActive = (href: string) => (href === '/' ? location === '/' : location.startsWith(href));
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Logo />
        <nav aria-label="Main" className="ml-2 hidden items-center gap-0.5 xl:flex">
          {NAV_LINKS.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              aria-current={isActive(link.href) ? 'page' : undefined}
              className={cn(
                // px-2: eight links, Help and the account menu fit in one row from 1280 px (xl) up.
                'whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                isActive(link.href) && 'bg-brand-50 text-brand-700',
              )}
            >
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <HelpButton />
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
        </div>
      </div>
      {menuOpen ? (
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
            <div className="mt-2 flex gap-2">
              <Button asChild variant="outline" size="sm">
                <Link href="/account" onClick={() => setMenuOpen(false)}>
                  <KeyRound aria-hidden /> Account
                </Link>
              </Button>
              <Button variant="outline" size="sm" onClick={onLogOut}>
                <LogOut aria-hidden /> Log out
              </Button>
            </div>
          </div>
        </nav>
      ) : null}
    </header>
  );
}
