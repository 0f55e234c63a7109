import { useT } from '../i18n/translator';
import { testimonialsFor, type TestimonialPerson } from '../domain/testimonials';

/** The quotes of one page (src/domain/testimonials.ts), as figures with the person's initials. */
export function TestimonialList({ page }: { page: TestimonialPerson['page'] }) {
  const t = useT();
  return (
    <ul className="testimonials">
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
  );
}
