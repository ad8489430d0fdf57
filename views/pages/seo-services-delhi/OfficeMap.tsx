import { brand } from '#views/brand.ts';
import { office as officeDetails } from '#views/pages/shared/business.ts';
import { office } from './content.ts';

/**
 * The map is a third-party embed, so nothing is requested from Google until the visitor presses
 * the button (client/map-on-request.ts). Without JavaScript the link opens Google Maps instead.
 */
export function OfficeMap() {
  const query = encodeURIComponent(officeDetails.mapQuery);
  return (
    <section className="office" aria-labelledby="office-heading">
      <h2 id="office-heading">{office.heading}</h2>
      <div className="split">
        <div>
          <p>{office.text}</p>
          <address>
            {brand.legalName}
            <br />
            {brand.address.street}
            <br />
            {brand.address.locality}, {brand.address.region} {brand.address.postalCode}
          </address>
          <p>Hours: {brand.hours}</p>
        </div>
        <div className="map-slot" data-map-slot="" data-enhance="" data-map-src={`https://www.google.com/maps?q=${query}&output=embed`}>
          <p className="map-note">{office.mapNote}</p>
          <button type="button" className="button" data-map-button="" hidden>
            {office.mapButton}
          </button>
          <a href={`https://www.google.com/maps/search/?api=1&query=${query}`} target="_blank" rel="noopener noreferrer">
            Open in Google Maps
          </a>
        </div>
      </div>
    </section>
  );
}
