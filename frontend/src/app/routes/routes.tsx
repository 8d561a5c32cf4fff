import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../chunks/lazy-page';
import { RouteErrorBoundary } from '../error/RouteErrorBoundary';
import { RootLayout } from '../layout/RootLayout';
import { isOptionalId, isPlausibleId, isValidCatchAll, isValidLanguagePage } from './route-validity';
import { INFO_PAGES, LANGUAGES } from './site-pages';
import { TOOLS, type ToolPageKind } from './tools';
import { validRoute } from './validate';

/** One chunk per page area: each area module re-exports the pages of its folder. */
const area = {
  home: () => import('../../pages/home/home.pages'),
  account: () => import('../../pages/account/account.pages'),
  signIn: () => import('../../pages/account/sign-in.pages'),
  login: () => import('../../pages/account/login.pages'),
  blog: () => import('../../pages/blog/blog.pages'),
  download: () => import('../../pages/download/download.pages'),
  embedTest: () => import('../../pages/embed-test/embed-test.pages'),
  pricing: () => import('../../pages/pricing/pricing.pages'),
  templates: () => import('../../pages/templates/templates.pages'),
  published: () => import('../../pages/published/published.pages'),
  refer: () => import('../../pages/refer/refer.pages'),
  share: () => import('../../pages/share/share.pages'),
  tools: () => import('../../pages/tools/tools.pages'),
  // The maker pages load the canvas helpers and the document tools the summarizer: chunks of their
  // own keep the video tools (the most visited) light.
  makerTools: () => import('../../pages/tools/maker.pages'),
  documentTools: () => import('../../pages/tools/documents/documents.pages'),
  info: () => import('../../pages/info/info.pages'),
  languages: () => import('../../pages/languages/languages.pages'),
  content: () => import('../../pages/content/content.pages'),
  canvas: () => import('../../features/canvas/canvas.pages'),
};

const id = validRoute((params) => isPlausibleId(params.id));
const optionalId = validRoute((params) => isOptionalId(params.id));

/** The page of a tool by its kind (the editor's is the offline whiteboard). */
function toolPage(page: ToolPageKind) {
  if (page === 'editor') return lazyPage(area.canvas, 'OfflineWhiteboardPage');
  if (page === 'maker') return lazyPage(area.makerTools, 'MakerToolPage');
  if (page === 'document') return lazyPage(area.documentTools, 'DocumentToolPage');
  return lazyPage(area.tools, 'ToolPage');
}

/** The pages in matching order; `/:id` is last. */
export const pageRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(area.home, 'HomePage') },
  { path: 'account', lazy: lazyPage(area.account, 'AccountPage') },
  { path: 'account/appsumo', lazy: lazyPage(area.signIn, 'AppSumoPage') },
  { path: 'account/login', lazy: lazyPage(area.login, 'LoginPage') },
  { path: 'user/confirm', lazy: lazyPage(area.signIn, 'ConfirmPage') },
  { path: 'account/reset', lazy: lazyPage(area.signIn, 'ResetPasswordPage') },
  { path: 'blog', lazy: lazyPage(area.blog, 'BlogListPage') },
  { path: 'blog/:slug', loader: validRoute((p) => isPlausibleId(p.slug)), lazy: lazyPage(area.blog, 'BlogArticlePage') },
  { path: 'download', lazy: lazyPage(area.download, 'DownloadPage') },
  { path: 'embedTest', lazy: lazyPage(area.embedTest, 'EmbedTestPage') },
  { path: 'pricing', lazy: lazyPage(area.pricing, 'PricingPage') },
  { path: 'templates', lazy: lazyPage(area.templates, 'TemplatesPage') },
  { path: 'templates/:id', loader: id, lazy: lazyPage(area.templates, 'TemplatePage') },
  { path: 'p/:id', loader: id, lazy: lazyPage(area.published, 'PublishedPage') },
  { path: 'p/statistic/:id?', loader: optionalId, lazy: lazyPage(area.published, 'StatisticPage') },
  { path: 'refer/:id?', loader: optionalId, lazy: lazyPage(area.refer, 'ReferPage') },
  { path: 'share/:id?', loader: optionalId, lazy: lazyPage(area.share, 'SharePage') },
  // the editor fills the window: no site footer under the canvas (see AppShell)
  { path: 'projects/:id', loader: id, lazy: lazyPage(area.canvas, 'EditorPage'), handle: { fullWindow: true } },
  ...TOOLS.map((tool) => ({
    path: `tools/${tool.slug}`,
    lazy: toolPage(tool.page),
  })),
  { path: INFO_PAGES.privacy.path.slice(1), lazy: lazyPage(area.info, 'PrivacyPage') },
  { path: INFO_PAGES.terms.path.slice(1), lazy: lazyPage(area.info, 'TermsPage') },
  { path: INFO_PAGES.changelog.path.slice(1), lazy: lazyPage(area.info, 'ChangelogPage') },
  { path: INFO_PAGES.roadmap.path.slice(1), lazy: lazyPage(area.info, 'RoadmapPage') },
  { path: INFO_PAGES.vision.path.slice(1), lazy: lazyPage(area.info, 'VisionPage') },
  ...LANGUAGES.map((lang) => ({ path: lang.code, lazy: lazyPage(area.languages, 'LanguageLandingPage') })),
  { path: ':lang/:slug', loader: validRoute(isValidLanguagePage), lazy: lazyPage(area.languages, 'LanguagePage') },
  { path: ':id', loader: validRoute(isValidCatchAll), lazy: lazyPage(area.content, 'ContentPage') },
];

/**
 * Every URL goes through the root route, so unknown routes (404 from the router), failed
 * validity checks and page errors all render RouteErrorBoundary inside the app frame.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <RootLayout />,
    hydrateFallbackElement: <RootLayout loading />,
    errorElement: <RouteErrorBoundary />,
    children: pageRoutes,
  },
];
