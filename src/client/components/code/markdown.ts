import MarkdownIt from 'markdown-it';

/**
 * Markdown rendered safely: raw HTML in the source is shown as text (html: false), and links that
 * are not http(s) or mailto are not made links (markdown-it's own check). Links open in a new tab
 * with neither opener nor referrer. Part of the highlight chunk, loaded only when needed.
 */
const markdown = new MarkdownIt({ html: false, linkify: true });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]!.attrSet('target', '_blank');
  tokens[index]!.attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen(tokens, index, options, env, self);
};

export const renderMarkdown = (source: string): string => markdown.render(source);
