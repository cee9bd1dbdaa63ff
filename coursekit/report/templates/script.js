
document.querySelectorAll('input[data-filter]').forEach(function (box) {
  box.addEventListener('change', function () {
    document.querySelectorAll('.finding[data-severity="' + box.dataset.filter + '"]')
      .forEach(function (item) { item.classList.toggle('hidden', !box.checked); });
  });
});
