import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { TimedOut } from '../../deadline.ts';
import { ApiError } from '../../errors.ts';
import { clientAddress } from '../../http/rate-limits.ts';
import { fromOwnPage } from '../../http/sessions.ts';
import { Upload } from '../media/upload.ts';
import { readCommunityForm, type CommunitySubmissions } from './community.ts';
import type { PageAnswers, PageHandler } from './page-answers.routes.ts';
import { communityFormPage, communityThanksPage } from './views/community.tsx';
import type { PageContext } from './views/layout.tsx';
import { errorPage } from './views/pages.tsx';

/*
 * The community form's pages (decision 0062): the form, its answer, the thank-you page and the
 * proof-of-work challenge (decision 0095). Off (CALENDAR_COMMUNITY_SUBMISSIONS), none is a page.
 */

export interface CommunityPages {
  readonly form: PageHandler;
  readonly thanks: PageHandler;
  /** The form's POST. */
  readonly submit: PageHandler;
  /** The POST's error handler: a refusal before the handler ran, as a page. */
  readonly refused: (error: unknown, request: FastifyRequest, reply: FastifyReply) => void;
  readonly challenge: PageHandler;
}

export function communityPages(
  answers: PageAnswers,
  deps: { readonly config: Config; readonly community: CommunitySubmissions },
): CommunityPages {
  const { config } = deps;
  /** The form alone may be kept in the read cache: it holds nobody's input. */
  const communityAddress = (context: PageContext) => context.urls.page('events/community/add');
  const form = answers.page(
    async (tx, _request, { page: context }) => {
      if (!config.communitySubmissions) throw new ApiError('rest_no_route');
      return {
        body: communityFormPage(context, {
          action: communityAddress(context),
          options: await deps.community.options(tx, context.language),
          asksProof: deps.community.asksProof,
        }),
      };
    },
    { timeless: true },
  );
  const thanks = answers.page(
    async (_tx, _request, { page: context }) => {
      if (!config.communitySubmissions) throw new ApiError('rest_no_route');
      return { body: communityThanksPage(context, { form: communityAddress(context) }) };
    },
    { timeless: true },
  );
  /**
   * A proposal: refused (403) when another site's page sent it (its Origin; a signed-in visitor's
   * request must carry one, which browsers send with every form POST); stored as pending and answered by the thank-you page (303, so a reload does not send it
   * again), or the form again with its problems (400), the visitor's input never cached.
   */
  const formAnswer = (reply: FastifyReply, status: number, body: string) =>
    reply.headers(answers.ownHeaders()).code(status).send(body);
  const submit = async (request: FastifyRequest, reply: FastifyReply) => {
    const language = answers.languageOf(request);
    if (language === undefined) return reply.callNotFound();
    const { page: context } = answers.contextOf(request, language, false);
    const answer = (status: number, body: string, headers: Readonly<Record<string, string>> = {}) =>
      formAnswer(reply.headers(headers), status, body);
    const canonical = communityAddress(context);
    if (!config.communitySubmissions) return answer(404, errorPage(context, { status: 404, canonical }));
    // Sent by another site's page: refused. A signed-in visitor's credentials travel with any site's form, so theirs must name its origin.
    if (!fromOwnPage(request, config) || (request.caller !== null && request.headers.origin === undefined))
      return answer(403, errorPage(context, { status: 403, canonical }));
    // With an image the form is multipart, read as an upload (app.ts): its other fields come with the file.
    const upload = request.body instanceof Upload ? request.body : undefined;
    const form = readCommunityForm(upload === undefined ? request.body : upload.fields);
    const deadline = answers.deadline();
    let result: Awaited<ReturnType<CommunitySubmissions['submit']>>;
    try {
      result = await deadline.race(
        deps.community.submit(form, upload, request.caller, clientAddress(request), language.code, deadline),
      );
    } catch (error) {
      if (error instanceof TimedOut) return answer(503, errorPage(context, { status: 503, canonical }));
      throw error;
    }
    if ('errors' in result)
      return answer(
        result.status,
        communityFormPage(context, {
          action: canonical,
          options: result.options,
          form,
          errors: result.errors,
          asksProof: deps.community.asksProof,
        }),
        result.headers,
      );
    return reply
      .header('cache-control', 'private, no-store')
      .redirect(context.urls.page('events/community/thanks'), 303);
  };
  /**
   * A proposal refused before its handler ran (the write rate limit, an image over the size limit):
   * the visitor of the form gets a page in their language with the API's status and headers
   * (`Retry-After`), not the API's JSON; every other error goes on to the app's error handler.
   */
  const refused = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const language = answers.languageOf(request);
    if (!(error instanceof ApiError) || (error.status !== 429 && error.status !== 413) || language === undefined)
      throw error;
    const { page: context } = answers.contextOf(request, language, false);
    reply.headers(error.headers);
    const detail = error.code === 'community_daily_limit' ? context.messages.community.dailyLimit : undefined;
    void formAnswer(
      reply,
      error.status,
      errorPage(context, { status: error.status, detail, canonical: communityAddress(context) }),
    );
  };
  /** A proof-of-work challenge for the community form's script (decision 0095): anyone's, never cached; no page unless a proof is asked. */
  const challenge = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!config.communitySubmissions || !deps.community.asksProof) return reply.callNotFound();
    return reply.header('cache-control', 'private, no-store').send(await deps.community.challenge());
  };
  return { form, thanks, submit, refused, challenge };
}
