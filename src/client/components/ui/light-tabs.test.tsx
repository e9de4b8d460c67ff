// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LightTabs } from './light-tabs';

afterEach(cleanup);

const tabs = [
  { value: 'login', label: 'Login', panel: <p>login form</p> },
  { value: 'signup', label: 'Sign Up', panel: <p>sign-up form</p> },
];

describe("LightTabs (the login page's tabs)", () => {
  it('is a tablist whose selected tab names its panel, the others out of the Tab order', () => {
    render(<LightTabs tabs={tabs} />);
    const login = screen.getByRole('tab', { name: 'Login' });
    const signup = screen.getByRole('tab', { name: 'Sign Up' });
    expect(login.getAttribute('aria-selected')).toBe('true');
    expect(login.tabIndex).toBe(0);
    expect(signup.tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'Login' }).textContent).toBe('login form');
  });

  it('moves and selects with the arrow keys, Home and End, and by click', () => {
    render(<LightTabs tabs={tabs} />);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Login' }), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByRole('tabpanel', { name: 'Sign Up' }).textContent).toBe('sign-up form');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Sign Up' }), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Login' }));
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Login' }), { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Login' }));
    expect(screen.queryByText('sign-up form')).toBeNull();
  });
});
