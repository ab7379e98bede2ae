import {
  Compass,
  Gem,
  Heart,
  Home,
  Map,
  MessagesSquare,
  Sparkles,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  premium?: boolean;
}

/**
 * The navigation bar, in order (docs/product/overview.md#header-navigation-and-footer).
 * "Community" is the forum.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/forum', label: 'Community', icon: MessagesSquare },
  { to: '/finds', label: 'Finds Gallery', icon: Gem },
  { to: '/map', label: 'Detecting Map', icon: Map },
  { to: '/ar-routes', label: 'AR Routes', icon: Compass },
  { to: '/social', label: 'Social', icon: Users },
  { to: '/wellbeing', label: 'Wellbeing', icon: Heart },
  { to: '/diggers-match', label: "Digger's Match", icon: Sparkles, premium: true },
];
