export function StarRating({ rating }: { rating: number }) {
  return (
    <p role="img" className="text-yellow-600" aria-label={`${rating} out of 5 stars`}>
      <span aria-hidden="true">{'★'.repeat(rating)}</span>
    </p>
  );
}
