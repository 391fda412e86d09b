import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import type * as z from 'zod/mini';
import { useAnnounce } from '../../src/a11y';
import { getSettings } from '../../src/contract/read-settings';
import { useSubmitOnce } from '../../src/ui/submitOnce';
import {
  isSubmitShortcut,
  parseRating,
  ratingBlocksSubmit,
  ratingForKey,
  replyTargetOf,
  withoutReplyToCom,
} from './model';
import type { ProductReviewsPropsSchema } from './schema';

type Props = z.output<typeof ProductReviewsPropsSchema>;

/** WordPress's placeholder where the form was before it moved below a review (comment-reply.js). */
const TEMP_FORM_ID = 'wp-temp-form-div';
const RESPOND_ID = 'respond';

/** `wc_single_product_params.review_rating_required` (settings); WooCommerce's default when unreadable. */
function ratingRequiredSetting(): string {
  try {
    return getSettings().review_rating_required;
  } catch {
    return 'yes';
  }
}

const isRtl = (el: HTMLElement) =>
  getComputedStyle(el).direction === 'rtl' ||
  el.closest('[dir]')?.getAttribute('dir')?.toLowerCase() === 'rtl';

interface Reply {
  parent: number;
  title: string;
  /** The reply link that moved the form here (focus goes back to it on cancel). */
  opener: HTMLElement | null;
}

/**
 * WooCommerce's review form (storefront.md §2.5 "Reviews", §4 "Rating control", §5 "Reviews", §8):
 * - a 5-star rating control (a radio group, names '1 of 5 stars' … '5 of 5 stars') writing into
 *   the hidden `rating` field;
 * - when the rating field exists and `review_rating_required` is 'yes', submitting without a rating
 *   is blocked with 'Please select a rating': an inline role="alert" message next to the stars,
 *   which get the focus (WooCommerce uses window.alert(), which blocks the page and is poor on
 *   phones and for tests);
 * - Ctrl+Enter / Cmd+Enter submits the form through requestSubmit(), so the browser's validation
 *   and the rating check run as for the button;
 * - threaded replies as WordPress's comment-reply.js: a review's 'Reply' link moves the form below
 *   that review, sets comment_parent and shows 'Cancel reply', which puts it back;
 * - otherwise the form posts natively to wp-comments-post.php, as WordPress's does, once: while
 *   the answer loads, further clicks, Enter or Ctrl+Enter send nothing more (WordPress would refuse
 *   the second as 'Duplicate comment detected'); the form is aria-busy and its button looks
 *   disabled (aria-disabled, keeping the focus) until the page is left, or shown again after a
 *   failure, as it was filled in (src/ui/submitOnce.ts).
 * The fields stay uncontrolled DOM inputs, so moving the form keeps what was typed.
 */
export function ProductReviews(props: Props) {
  const { postId, action, permalink, titleReply, replyTo, cancelReplyText, ratingEnabled } = props;
  const { ratingLabels, requiredRatingText, loggedInAs, commenter, submitLabel } = props;
  const respond = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const submit = useRef<HTMLInputElement>(null);
  const comment = useRef<HTMLTextAreaElement>(null);
  const ratingField = useRef<HTMLInputElement>(null);
  const stars = useRef<(HTMLButtonElement | null)[]>([]);
  const [ratingRequired] = useState(ratingRequiredSetting);
  const [rating, setRating] = useState<number | null>(null);
  const [ratingError, setRatingError] = useState(false);
  const [reply, setReply] = useState<Reply | null>(() =>
    replyTo ? { parent: replyTo.id, title: replyTo.title, opener: null } : null,
  );
  const required = ratingRequired === 'yes';
  const announce = useAnnounce();
  const submitting = useSubmitOnce(form);

  const choose = (value: number, focus: boolean) => {
    setRating(value);
    setRatingError(false);
    if (focus) stars.current[value - 1]?.focus();
  };

  // A rating chosen in the fallback's select before the island mounted is carried over through
  // this field (the runtime restores it by id and fires `input`).
  useLayoutEffect(() => {
    const field = ratingField.current;
    if (!field) return;
    const onInput = () => setRating(parseRating(field.value));
    field.addEventListener('input', onInput);
    return () => field.removeEventListener('input', onInput);
  }, []);

  // comment-reply.js: a click on any 'Reply' link of the page moves this form below its comment.
  useEffect(() => {
    const onClick = (event: Event) => {
      const link =
        event.target instanceof Element ? event.target.closest<HTMLElement>('.comment-reply-link') : null;
      const container = respond.current?.parentElement;
      if (!link || !container) return;
      const target = replyTargetOf(link.dataset);
      const below = target && document.getElementById(target.belowElement);
      // Without what it needs, the link is followed (`?replytocom=ID#respond` reloads the page).
      if (!target || !below || target.respondElement !== RESPOND_ID || (target.postId ?? postId) !== postId)
        return;
      event.preventDefault();
      if (!document.getElementById(TEMP_FORM_ID)) {
        const placeholder = document.createElement('div');
        placeholder.id = TEMP_FORM_ID;
        placeholder.style.display = 'none';
        placeholder.textContent = titleReply;
        container.before(placeholder);
      }
      below.after(container);
      const title = target.replyTo ?? titleReply;
      setReply({ parent: target.commentId, title, opener: link });
      // comment-reply.js focuses the form's first visible field: the review text (the stars come
      // before it, but WooCommerce's rating select they replace is hidden, so it never got it).
      comment.current?.focus();
      announce(title);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [postId, titleReply, announce]);

  // Unmounted while replying: the container goes back where the server printed it. Read now: the
  // ref is already cleared when the cleanup runs.
  useEffect(() => {
    const container = respond.current?.parentElement;
    return () => {
      const placeholder = document.getElementById(TEMP_FORM_ID);
      if (placeholder && container) placeholder.replaceWith(container);
    };
  }, []);

  const cancelReply = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const placeholder = document.getElementById(TEMP_FORM_ID);
    const container = respond.current?.parentElement;
    if (placeholder && container) placeholder.replaceWith(container);
    else placeholder?.remove();
    // A reply the page was loaded for (`?replytocom=`): cancelled in place, and a reload must not
    // bring it back.
    if (new URL(window.location.href).searchParams.has('replytocom')) {
      window.history.replaceState(window.history.state, '', withoutReplyToCom(window.location.href));
    }
    const opener = reply?.opener;
    if (opener?.isConnected) opener.focus();
    else comment.current?.focus();
    setReply(null);
    announce(titleReply);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!ratingBlocksSubmit({ ratingFieldExists: ratingEnabled, ratingRequired, rating })) return;
    // §5: blocked; everything else posts natively.
    event.preventDefault();
    setRatingError(true);
    stars.current[0]?.focus();
  };

  const onFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (!isSubmitShortcut(event)) return;
    event.preventDefault();
    form.current?.requestSubmit(submit.current ?? undefined);
  };

  const onStarKeyDown = (event: KeyboardEvent<HTMLButtonElement>, value: number) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const to = ratingForKey(event.key, value, isRtl(event.currentTarget));
    if (to === null) return;
    event.preventDefault();
    choose(to, true);
  };

  const requiredMark = (
    <>
      &nbsp;<span className="required">*</span>
    </>
  );
  const requiredMessage = (
    <span className="required-field-message">
      Required fields are marked <span className="required">*</span>
    </span>
  );
  const parent = reply?.parent ?? 0;

  return (
    <div id={RESPOND_ID} className="comment-respond" ref={respond}>
      <span id="reply-title" className="comment-reply-title" role="heading" aria-level={3}>
        {reply ? reply.title : titleReply}{' '}
        <small>
          <a
            rel="nofollow"
            id="cancel-comment-reply-link"
            href={`${permalink}#${RESPOND_ID}`}
            style={reply ? undefined : { display: 'none' }}
            onClick={cancelReply}
          >
            {cancelReplyText}
          </a>
        </small>
      </span>
      <form
        ref={form}
        action={action}
        method="post"
        id="commentform"
        className="comment-form"
        aria-busy={submitting || undefined}
        onSubmit={onSubmit}
        onKeyDown={onFormKeyDown}
      >
        {loggedInAs !== null ? (
          <p className="logged-in-as">
            Logged in as {loggedInAs}. {requiredMessage}
          </p>
        ) : (
          <p className="comment-notes">
            <span id="email-notes">Your email address will not be published.</span> {requiredMessage}
          </p>
        )}
        {ratingEnabled && (
          <div className="comment-form-rating">
            <span className="comment-form-rating__label" id="comment-form-rating-label">
              Your rating{required && requiredMark}
            </span>
            <div
              className={`stars${rating !== null ? ' selected' : ''}`}
              role="radiogroup"
              aria-labelledby="comment-form-rating-label"
              aria-required={required || undefined}
              aria-invalid={ratingError || undefined}
              aria-describedby={ratingError ? 'rating-error' : undefined}
            >
              {ratingLabels.map((label, index) => {
                const value = index + 1;
                const checked = rating === value;
                // Roving tabindex: the checked star, or the first while none is.
                const tabbable = rating === null ? index === 0 : checked;
                return (
                  <button
                    key={value}
                    ref={(el) => {
                      stars.current[index] = el;
                    }}
                    type="button"
                    role="radio"
                    aria-checked={checked}
                    aria-label={label}
                    tabIndex={tabbable ? 0 : -1}
                    className={`star-${value}${rating !== null && value <= rating ? ' is-filled' : ''}${checked ? ' active' : ''}`}
                    onClick={() => choose(value, false)}
                    onKeyDown={(event) => onStarKeyDown(event, value)}
                  >
                    <span aria-hidden="true">★</span>
                  </button>
                );
              })}
            </div>
            <input ref={ratingField} type="hidden" name="rating" id="rating" value={rating ?? ''} />
            {ratingError && (
              <p role="alert" id="rating-error" className="comment-form-rating__error">
                {requiredRatingText}
              </p>
            )}
          </div>
        )}
        <p className="comment-form-comment">
          <label htmlFor="comment">Your review{requiredMark}</label>
          <textarea ref={comment} id="comment" name="comment" cols={45} rows={8} required />
        </p>
        {loggedInAs === null && (
          <>
            <p className="comment-form-author">
              <label htmlFor="author">Name{requiredMark}</label>
              <input
                id="author"
                name="author"
                type="text"
                autoComplete="name"
                defaultValue={commenter.author}
                size={30}
                required
              />
            </p>
            <p className="comment-form-email">
              <label htmlFor="email">Email{requiredMark}</label>
              <input
                id="email"
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={commenter.email}
                size={30}
                required
                aria-describedby="email-notes"
              />
            </p>
            <p className="comment-form-cookies-consent">
              <input
                id="wp-comment-cookies-consent"
                name="wp-comment-cookies-consent"
                type="checkbox"
                value="yes"
                defaultChecked={commenter.consent}
              />{' '}
              <label htmlFor="wp-comment-cookies-consent">
                Save my name, email, and website in this browser for the next time I comment.
              </label>
            </p>
          </>
        )}
        <p className="form-submit">
          <input
            ref={submit}
            name="submit"
            type="submit"
            id="submit"
            className="submit"
            value={submitLabel}
            aria-disabled={submitting || undefined}
          />{' '}
          <input type="hidden" name="comment_post_ID" value={postId} id="comment_post_ID" />
          <input type="hidden" name="comment_parent" id="comment_parent" value={parent} />
        </p>
      </form>
    </div>
  );
}
