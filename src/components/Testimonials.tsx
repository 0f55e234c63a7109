import { useT } from '../i18n/translator';
import { TESTIMONIALS_ARE_REAL_REVIEWS, testimonialsFor, type TestimonialPerson } from '../domain/testimonials';

/**
 * The quotes of one page (src/domain/testimonials.ts), as figures with the person's initials.
 * Until they are real, collected reviews (TESTIMONIALS_ARE_REAL_REVIEWS), a note above them says
 * that they are illustrative, where they are shown.
 */
export function TestimonialList({ page, realReviews = TESTIMONIALS_ARE_REAL_REVIEWS }: { page: TestimonialPerson['page']; realReviews?: boolean }) {
  const t = useT();
  const noteId = `testimonials-note-${page}`;
  return (
    <>
      {realReviews ? null : (
        <p className="testimonials-note" id={noteId} data-testimonials-note>
          {t('testimonials.note')}
        </p>
      )}
      <ul className="testimonials" aria-describedby={realReviews ? undefined : noteId}>
        {testimonialsFor(page, t).map((item) => (
          <li key={item.id} data-testimonial={item.id}>
            <figure className="testimonial">
              <blockquote>
                <p>{item.content}</p>
              </blockquote>
              <figcaption>
                <span className="avatar" aria-hidden="true">
                  {item.avatar}
                </span>
                <span className="testimonial-who">
                  <span className="testimonial-name">{item.name}</span>
                  <span className="testimonial-position">{item.position}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </>
  );
}
