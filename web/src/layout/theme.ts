import { theme as antdTheme, type ThemeConfig } from 'antd';
import { persistedStore } from '../shell/persistedStore';

/**
 * Spec 01 sections 2 and 9: the theme picker (default, white, star, iview, d2, hey; default
 * theme-default) and the colour picker (default #409EFF), both saved in this browser. A
 * theme is antd tokens (surfaces of the header, sidebar and menu; radius; density) plus a
 * `theme-<name>` class on <body> for what tokens do not reach; the colour is antd's colorPrimary.
 */
export const THEMES = ['default', 'white', 'star', 'iview', 'd2', 'hey'] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'default';
export const DEFAULT_COLOR = '#409EFF';

/** The colour picker's presets (Element's palette the spec's console came with). */
export const COLOR_PRESETS = ['#409EFF', '#1890FF', '#304156', '#212121', '#11A983', '#13C2C2', '#6959CD', '#F5222D'];

export type Appearance = { theme: ThemeName; color: string };

const isAppearance = (value: unknown): value is Appearance =>
  typeof value === 'object' &&
  value !== null &&
  (THEMES as readonly unknown[]).includes((value as Appearance).theme) &&
  typeof (value as Appearance).color === 'string' &&
  /^#[0-9a-f]{6}$/i.test((value as Appearance).color);

const store = persistedStore<Appearance>('tpl.appearance', { theme: DEFAULT_THEME, color: DEFAULT_COLOR }, isAppearance);

export const useAppearance = store.use;
export const setTheme = (theme: ThemeName): void => store.set((a) => ({ ...a, theme }));
export const setColor = (color: string): void => store.set((a) => ({ ...a, color }));

/** Whether the sidebar's menu is drawn dark in a theme. */
export const darkSider: Record<ThemeName, boolean> = { default: true, white: false, star: true, iview: true, d2: false, hey: true };

type Surfaces = { sider: string; siderSub: string; header: string; body: string; radius: number };

const surfaces: Record<ThemeName, Surfaces> = {
  default: { sider: '#20222a', siderSub: '#181a20', header: '#ffffff', body: '#f0f2f5', radius: 6 },
  white: { sider: '#ffffff', siderSub: '#fafafa', header: '#ffffff', body: '#ffffff', radius: 6 },
  star: { sider: '#0c1a3a', siderSub: '#08122b', header: '#14254d', body: '#eef1f8', radius: 8 },
  iview: { sider: '#515a6e', siderSub: '#363e4f', header: '#ffffff', body: '#f5f7f9', radius: 4 },
  d2: { sider: '#ebf1f6', siderSub: '#e1e9f1', header: '#ebf1f6', body: '#f5f8fb', radius: 4 },
  hey: { sider: '#1e2a3b', siderSub: '#172231', header: '#ffffff', body: '#f3f6f8', radius: 2 },
};

/**
 * Whether the user asked the system for less motion (prefers-reduced-motion: an accessibility
 * setting of the operating system or browser). Read once per page load.
 */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The antd theme of an appearance. With reduced motion, antd's transitions (a modal's zoom, a
 * dropdown's slide, a drawer's push) are off: the element is simply there.
 */
export const themeConfig = ({ theme, color }: Appearance, reducedMotion = false): ThemeConfig => {
  const s = surfaces[theme];
  return {
    algorithm: antdTheme.defaultAlgorithm,
    token: { colorPrimary: color, borderRadius: s.radius, colorBgLayout: s.body, motion: !reducedMotion },
    components: {
      Layout: { siderBg: s.sider, headerBg: s.header, bodyBg: s.body, footerBg: s.body, headerPadding: '0 16px', headerHeight: 56 },
      Menu: {
        darkItemBg: s.sider,
        darkSubMenuItemBg: s.siderSub,
        darkPopupBg: s.sider,
        darkItemSelectedBg: color,
        itemBg: s.sider,
        subMenuItemBg: s.siderSub,
      },
    },
  };
};

/** The body class of a theme (spec 01 section 9: default theme-default). */
export const themeClass = (theme: ThemeName): string => `theme-${theme}`;

/** Puts the theme's class on <body>, replacing any other theme's. */
export const applyThemeClass = (theme: ThemeName): void => {
  const body = document.body.classList;
  for (const name of THEMES) body.remove(themeClass(name));
  body.add(themeClass(theme));
};
