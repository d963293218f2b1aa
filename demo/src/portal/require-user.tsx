// Portal pages need a signed-in user. The startup chain already sends a visitor who opened one to the login page;
// this covers arriving later within the page (a link from the catalogue): to the login page, with the way back.
import { useEffect, type ReactNode } from 'react';
import { loginPageUrl } from '@edu-portal/core/auth/navigation.ts';
import type { SessionUser } from '@edu-portal/core/session/types.ts';
import { useSession } from '@edu-portal/react/hooks.ts';
import { LOGIN_PATH } from '../host/site.ts';

export function RequireUser({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { status, user } = useSession();
  useEffect(() => {
    if (status === 'logged-out') location.assign(loginPageUrl(LOGIN_PATH, location.href));
  }, [status]);
  return user ? children(user) : null;
}
