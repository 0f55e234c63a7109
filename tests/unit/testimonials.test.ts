import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createTranslator, I18nProvider, type Messages } from '../../src/i18n/translator';
import { TestimonialList } from '../../src/components/Testimonials';
import { TESTIMONIALS_ARE_REAL_REVIEWS } from '../../src/domain/testimonials';
import enUS from '../../locales/en-US.json';

// EU and UK consumer law: invented reviews may not pass for customers' own. The shipped quotes are
// sample content, so every list of them says so until the owner flips the one flag.

const render = (realReviews?: boolean) =>
  renderToStaticMarkup(
    createElement(I18nProvider, {
      value: createTranslator('en-US', enUS as unknown as Messages),
      children: createElement(TestimonialList, { page: 'home', ...(realReviews === undefined ? {} : { realReviews }) }),
    }),
  );

describe('the testimonials flag', () => {
  it('is off while the quotes are the shipped samples', () => {
    expect(TESTIMONIALS_ARE_REAL_REVIEWS).toBe(false);
  });

  it('puts the illustrative note above the quotes, tied to the list, while off', () => {
    const html = render();
    expect(html).toContain(`<p class="testimonials-note" id="testimonials-note-home" data-testimonials-note="true">${enUS.testimonials.note}</p>`);
    expect(html).toContain('<ul class="testimonials" aria-describedby="testimonials-note-home">');
  });

  it('shows the quotes without the note once they are real reviews', () => {
    const html = render(true);
    expect(html).not.toContain('testimonials-note');
    expect(html).toContain('<ul class="testimonials">');
    expect(html).toContain('data-testimonial="emily"');
  });
});
