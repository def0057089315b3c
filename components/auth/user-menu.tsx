'use client'

import { LayoutDashboard, LogOut, Shield } from 'lucide-react'
import { Avatar } from '@/components/ui/avatar'
import { Menu, MenuLabel, MenuLink, MenuSeparator } from '@/components/ui/menu'
import { SignOutButton } from './sign-out-button'

export interface UserMenuProps {
  email: string
  name: string | null
  avatarUrl?: string | null
  isAdmin?: boolean
}

export function UserMenu({ email, name, avatarUrl, isAdmin }: UserMenuProps) {
  return (
    <Menu
      triggerLabel="Account menu"
      triggerClassName="rounded-full p-0.5 hover:ring-2 hover:ring-brand-100"
      trigger={<Avatar name={name} email={email} src={avatarUrl} size="sm" />}
    >
      <MenuLabel className="truncate">
        <span className="block truncate text-sm font-medium text-ink">{name || email}</span>
        {name ? <span className="block truncate">{email}</span> : null}
      </MenuLabel>
      <MenuSeparator />
      <MenuLink href="/dashboard">
        <LayoutDashboard /> Dashboard
      </MenuLink>
      {isAdmin ? (
        <MenuLink href="/admin">
          <Shield /> Administration
        </MenuLink>
      ) : null}
      <MenuSeparator />
      <SignOutButton asMenuItem>
        <LogOut /> Sign out
      </SignOutButton>
    </Menu>
  )
}
