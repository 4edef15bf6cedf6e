// Install steps per MCP client: each client's configuration in the form its own documentation gives, written from the
// one MCP endpoint of the content; the page, its twin and the MCP llms index all show these same steps.
import type { BlockContent, Code, RootContent } from 'mdast';
import type { McpClientSnippet, McpClients, Model } from '../../model/types.js';
import { mcpEndpoint } from './agent-rules.js';
import { heading, link, list, paragraph, strong } from './mdast-build.js';
import { plainParser } from './processor.js';
import { pageParsers } from './parse-page.js';

export interface Snippet {
  /** The code block's language. */
  language: 'sh' | 'json' | 'text';
  text: string;
}

/**
 * A client's configuration, from the endpoint and the server's name. Nothing carries a header or a secret: each client
 * finds the authorization server through the MCP server's protected-resource metadata and signs in with OAuth.
 */
export function clientSnippet(form: McpClientSnippet, endpoint: string, serverName: string): Snippet {
  const json = (value: unknown): Snippet => ({ language: 'json', text: JSON.stringify(value, null, 2) });
  switch (form) {
    case 'endpoint':
      return { language: 'text', text: endpoint };
    // Claude Code: `claude mcp add --transport http <name> <url>`; options come before the name.
    case 'claude-code-command':
      return { language: 'sh', text: `claude mcp add --transport http ${serverName} ${endpoint}` };
    // Cursor's mcp.json: a remote server is its `url` under `mcpServers`.
    case 'cursor-config':
      return json({ mcpServers: { [serverName]: { url: endpoint } } });
    // Cursor's install link: the server's configuration as JSON, base64-encoded (then percent-encoded, as a query).
    case 'cursor-install-link': {
      const config = Buffer.from(JSON.stringify({ url: endpoint })).toString('base64');
      return {
        language: 'text',
        text: `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(serverName)}&config=${encodeURIComponent(config)}`,
      };
    }
    // VS Code's mcp.json: `servers`, each with its `type` ("http" for Streamable HTTP) and `url`.
    case 'vscode-config':
      return json({ servers: { [serverName]: { type: 'http', url: endpoint } } });
    // VS Code's install link: the configuration as `--add-mcp` takes it, name included, percent-encoded.
    case 'vscode-install-link':
      return {
        language: 'text',
        text: `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: serverName, type: 'http', url: endpoint }))}`,
      };
  }
}

/** Every snippet of the content's clients, in order, for checks. */
export function allSnippets(model: Model): { client: string; form: McpClientSnippet; snippet: Snippet }[] {
  const clients = model.mcpClients;
  if (!clients) return [];
  const endpoint = mcpEndpoint(model);
  return clients.clients.flatMap((client) =>
    client.steps.flatMap((step) =>
      step.snippet
        ? [
            {
              client: client.name,
              form: step.snippet,
              snippet: clientSnippet(step.snippet, endpoint, clients.serverName),
            },
          ]
        : [],
    ),
  );
}

/**
 * The steps of every client as Markdown blocks: on a page each client is a heading of `depth`; where headings are not
 * allowed (an llms.txt's prose), its name is a strong paragraph.
 */
export function clientStepsTree(model: Model, clients: McpClients, depth?: 3 | 4): RootContent[] {
  const endpoint = mcpEndpoint(model);
  return clients.clients.flatMap((client): RootContent[] => [
    depth ? heading(depth, client.name) : paragraph(strong(client.name)),
    list(
      client.steps.map((step): BlockContent[] => {
        const blocks: BlockContent[] = [inlineParagraph(step.text)];
        if (step.snippet) blocks.push(codeBlock(clientSnippet(step.snippet, endpoint, clients.serverName)));
        return blocks;
      }),
      true,
    ),
    // A link with words, not an autolink: the fast parse path reads the twin and the llms index.
    paragraph('More in ', link(client.documentation, `${client.name}'s own documentation`), '.'),
  ]);
}

const codeBlock = ({ language, text }: Snippet): Code => ({ type: 'code', lang: language, value: text });

/** A step's words, with their code spans and emphasis, as one paragraph. */
function inlineParagraph(text: string): BlockContent {
  // The fast path's tree where it claims the text (the same tree), remark-parse's otherwise.
  const first = (pageParsers.plain(text) ?? plainParser.parse(text)).children[0];
  return first?.type === 'paragraph' ? first : paragraph(text);
}
