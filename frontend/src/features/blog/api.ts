import type { BlogArticle, BlogLang, BlogListItem } from '@visualnotes/contracts';
import { api } from '../../app/api/api';

export const blogApi = api.injectEndpoints({
  endpoints: (build) => ({
    blogList: build.query<BlogListItem[], BlogLang>({ query: (lang) => ({ url: 'blog', params: { lang } }) }),
    blogArticle: build.query<BlogArticle, { slug: string; lang: BlogLang }>({
      query: ({ slug, lang }) => ({ url: `blog/${encodeURIComponent(slug)}`, params: { lang } }),
    }),
  }),
});

export const { useBlogListQuery, useBlogArticleQuery } = blogApi;
